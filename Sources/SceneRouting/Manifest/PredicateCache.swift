import PredicateSyntax

/// Builds the predicates of one document, parsing each format string once: a large app
/// repeats a few argument-free conditions (`TRUEPREDICATE`, one per window kind) in every
/// session, which are built once and shared, and states a handful of formats with a
/// different argument in each session (`SELF == %@`), whose arguments are substituted into
/// the parsed format. What is built, and every error, is what
/// ``ActivationPredicate/init(format:arguments:)`` gives.
struct PredicateCache {
    private var argumentFree: [String: ActivationPredicate] = [:]
    private var templates: [String: PredicateTemplate] = [:]
    /// Formats beyond this many are parsed each time: a document whose formats are all
    /// different gains nothing from templates, and should not hold one per predicate.
    private static let templateLimit = 4096

    mutating func predicate(format: String, arguments: [PredicateArgument]) throws(Diagnostic) -> ActivationPredicate {
        if arguments.isEmpty {
            if let built = argumentFree[format] { return built }
            let predicate = try ActivationPredicate(format: format)
            if argumentFree.count < Self.templateLimit { argumentFree[format] = predicate }
            return predicate
        }
        if let template = templates[format], template.accepts(arguments) {
            return try ActivationPredicate(parsed: template.instance(with: arguments), arguments: arguments)
        }
        guard templates.count < Self.templateLimit || templates[format] != nil else {
            return try ActivationPredicate(format: format, arguments: arguments)
        }
        let template = try PredicateTemplate(format: format, arguments: arguments)
        templates[format] = template
        return try ActivationPredicate(parsed: template.instance(with: arguments), arguments: arguments)
    }
}
