/// Where a predicate came from in a manifest, for lint warnings.
struct PredicateSite: Sendable {
    enum Role: Sendable { case canActivate, prefersToActivate, matching, initialCanActivate, initialPrefersToActivate }
    var path: String
    var role: Role
    var predicate: ActivationPredicate
    /// The session or declaration index it belongs to.
    var ownerIndex: Int
    /// Bytes of the format string and its arguments (UIKit ignores archives over 100,000).
    var archivedSize: Int
}
