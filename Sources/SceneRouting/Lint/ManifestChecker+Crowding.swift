extension ManifestChecker {
    /// A key shared by this many distinct predicates gets a `crowded-key` warning.
    static let crowdedKeyThreshold = 32

    /// Warnings about literals that many distinct predicates are filed under and cannot be
    /// told apart by: an identifier with such a literal makes every route verify all of them.
    /// One warning per key, at the first predicate filed there.
    static func crowdedKeyWarnings(_ app: SceneApp, sites: [PredicateSite]) -> [Diagnostic] {
        let router = SceneRouter(app: app)
        let crowded = router.reading { table in
            [(table.prefer, "prefersToActivate"), (table.can, "canActivate")].flatMap { tier, name in
                tier.crowdedKeys(limit: 5).filter { $0.groups >= crowdedKeyThreshold }.map { ($0, name) }
            }
        }
        return crowded.compactMap { crowded, tier in
            guard let site = sites.first(where: { $0.predicate.isSamePredicate(as: crowded.example) }) else {
                return nil
            }
            let literal = String(decoding: crowded.key.bytes, as: UTF8.self)
            return warning(
                code: .crowdedKey, path: site.path,
                message:
                    "\(crowded.groups) distinct \(tier) predicates offer only the \(crowded.key.kind) \"\(literal)\" "
                    + "to the index: an identifier with it is checked against all of them; give each predicate a "
                    + "literal of its own (an exact id, a distinct prefix or suffix)")
        }
    }
}
