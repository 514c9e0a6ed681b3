import SceneRouting

/// Puts an app together from its Info.plist and what its Swift files say: declarations in
/// plist order (UIKit) or source order (SwiftUI), their initial conditions, the identifiers
/// the code emits, and a diagnostic for everything it could not place.
struct ImportAssembler {
    var info: SceneManifestInfo?
    var plistFile: String?
    var files: [SourceFindings]
    var payloadEmitted: [EmittedIdentifier]

    private(set) var diagnostics: [Diagnostic] = []
    private(set) var conditionsFound = 0

    /// A warning at `source`, or about `file` as a whole when there is no source.
    mutating func warn(_ message: String, at source: SourceLocation?, file: String? = nil, code: WarningCode) {
        diagnostics.append(
            Diagnostic(
                severity: .warning, code: Diagnostic.Code(code), message: message, file: source?.file ?? file,
                line: source?.line,
                column: source?.column))
    }

    /// The app, or nil (with an error among the diagnostics) when no scene can be declared.
    mutating func assemble() -> SceneApp? {
        let isSwiftUI = files.contains { $0.declaresApp && !$0.scenes.isEmpty }
        var declarations: [SceneDeclaration]
        var unresolved: [UnresolvedCondition] = []
        if isSwiftUI {
            (declarations, unresolved) = swiftUIDeclarations()
        } else {
            (declarations, unresolved) = uikitDeclarations()
        }
        guard !declarations.isEmpty else {
            diagnostics.append(
                Diagnostic(
                    message: isSwiftUI
                        ? "the App declares no scene the import recognises (WindowGroup, Window, DocumentGroup, UtilityWindow, ImmersiveSpace)"
                        : "no scene configurations: no Info.plist was read and no SwiftUI App was found",
                    file: plistFile))
            return nil
        }
        var supportsMultipleScenes = info?.supportsMultipleScenes ?? false
        if info?.hasSceneManifest != true {
            if isSwiftUI {
                warn(
                    "Info.plist has no UIApplicationSceneManifest: without UIApplicationSupportsMultipleScenes the app shows one window",
                    at: nil, file: plistFile, code: .singleScene)
            }
            supportsMultipleScenes = false
        }
        var app: SceneApp?
        do {
            app = try SceneApp(
                framework: isSwiftUI ? .swiftui : .uikit, supportsMultipleScenes: supportsMultipleScenes,
                declarations: declarations)
        } catch {
            diagnostics.append(
                Diagnostic(message: "the declarations read do not make an app: \(error)", file: plistFile))
            return nil
        }
        if isSwiftUI {
            for finding in files.flatMap(\.newSceneChoices) {
                warn(
                    "application(_:configurationForConnecting:options:) in a SwiftUI app: a new scene is the App's scene whose "
                        + "handlesExternalEvents(matching:) takes the event, so this method's choice is not imported",
                    at: finding.source, code: .mixedApp)
            }
        } else {
            app?.newScenes = newSceneRules(for: declarations, constants: constants)
        }
        app?.emitted = emittedWithDeclarations(declarations, isSwiftUI: isSwiftUI) + payloadEmitted
        app?.unresolvedConditions = unresolved
        return app
    }

    /// The identifiers the code emits, each with the declaration whose windows emit it when
    /// the code that sets it belongs to exactly one: a scene delegate (or a superclass only
    /// it has), or a view only one scene shows.
    private func emittedWithDeclarations(_ declarations: [SceneDeclaration], isSwiftUI: Bool) -> [EmittedIdentifier] {
        var owners: [String: Set<String>] = [:]
        if isSwiftUI {
            let children = files.reduce(into: [String: [String]]()) { $0.merge($1.viewChildren) { first, _ in first } }
            var position = 0
            for file in files {
                for scene in file.scenes {
                    defer { position += 1 }
                    guard position < declarations.count else { continue }
                    for view in Self.reachableViews(from: scene.contentViews, children: children) {
                        owners[view, default: []].insert(declarations[position].name)
                    }
                }
            }
        } else {
            for declaration in declarations {
                guard let delegate = declaration.delegateClass.map(Self.typeName) else { continue }
                for type in Self.superclassChain(of: delegate, superclasses: superclasses) {
                    owners[type, default: []].insert(declaration.name)
                }
            }
        }
        var emitted: [EmittedIdentifier] = []
        let schemes = info?.urlSchemes ?? []
        let constants = constants
        for file in files {
            for (index, var identifier) in file.emitted.enumerated() {
                // `openURL(HelpLinks.guide)` with `static let guide = URL(string: "…")!`.
                if identifier.carrier == .url, case .dynamic(let expression) = identifier.value,
                    let url = constants[expression + ".absoluteString"]
                {
                    identifier.value = .identifier(url)
                }
                // A URL the app opens reaches a scene only with a scheme the app registers
                // (any other goes to Safari or another app).
                if identifier.carrier == .url, !Self.opensThisApp(identifier.value, schemes: schemes) { continue }
                if let owner = file.emittedOwners[index], let names = owners[owner], names.count == 1 {
                    identifier.declaration = names.first
                }
                if let name = file.emittedValueNames[index], let declaration = identifier.declaration,
                    declarations.first(where: { $0.name == declaration })?.values.contains(where: { $0.name == name })
                        == true
                {
                    identifier.value = .template(ValueTemplate(pieces: [.value(name)]))
                }
                emitted.append(identifier)
            }
        }
        return emitted
    }

    /// Whether a URL the code opens has one of `schemes`: its text starts with `scheme:`.
    static func opensThisApp(_ value: EmittedIdentifier.Value, schemes: [String]) -> Bool {
        let start: String
        switch value {
        case .identifier(let text): start = text
        case .pattern(let prefix, _): start = prefix
        case .template(let template):
            guard case .text(let text)? = template.pieces.first else { return false }
            start = text
        case .dynamic: return false
        }
        guard let colon = start.firstIndex(of: ":") else { return false }
        return schemes.contains(start[..<colon].lowercased())
    }

    // MARK: UIKit

    /// The name UIKit gives the scene configuration it makes when the Info.plist lists none.
    static let defaultConfigurationName = "Default Configuration"

    /// The configurations of a UIKit app. An Info.plist that lists none is a real app's
    /// shape too: without a scene manifest the app has one window (the app delegate's), and
    /// with a manifest but no `UISceneConfigurations` the app delegate makes each scene's
    /// configuration in code. Either is read as one default configuration, whose delegate is
    /// the one type that sets conditions, if only one does.
    private mutating func uikitConfigurations(_ assignments: [SourceFindings.ConditionAssignment]) -> [SceneManifestInfo
        .Configuration]
    {
        guard let info else { return [] }
        guard info.configurations.isEmpty else { return info.configurations }
        let owners = Set(assignments.compactMap(\.owner))
        let name = Self.defaultConfigurationName
        if info.hasSceneManifest {
            warn(
                "Info.plist lists no UISceneConfigurations: the app delegate's application(_:configurationForConnecting:options:) "
                    + "makes each scene's configuration in code; imported as one '\(name)'",
                at: nil, file: plistFile, code: .configurationsInCode)
        } else {
            warn(
                "Info.plist has no UIApplicationSceneManifest: the app has one window (the app delegate's), imported as '\(name)'",
                at: nil, file: plistFile, code: .singleScene)
        }
        let source = plistFile.map { SourceLocation(file: $0, line: 1, column: 1) }
        return [
            SceneManifestInfo.Configuration(
                name: name, role: .windowApplication, delegateClass: owners.count == 1 ? owners.first : nil,
                storyboard: nil, source: source)
        ]
    }

    private mutating func uikitDeclarations() -> ([SceneDeclaration], [UnresolvedCondition]) {
        var declarations: [SceneDeclaration] = []
        var unresolved: [UnresolvedCondition] = []
        let assignments = files.flatMap(\.assignments)
        var used = Set<Int>()
        var names = UniqueNames()
        // The assignments of each type, in file order: one look-up per configuration.
        var byOwner: [String: [Int]] = [:]
        for (index, assignment) in assignments.enumerated() {
            if let owner = assignment.owner { byOwner[owner, default: []].append(index) }
        }
        let booleans = booleanConstants
        let constants = constants
        let templateConstants = templateConstants
        for configuration in uikitConfigurations(assignments) {
            let name = names.claim(
                configuration.name, alternative: "\(configuration.name) (\(configuration.role.rawValue))")
            if name != configuration.name {
                warn(
                    "two scene configurations are named '\(configuration.name)': this one is imported as '\(name)'",
                    at: configuration.source, code: .duplicateConfiguration)
            }
            var declaration = SceneDeclaration(
                name: name, role: configuration.role, delegateClass: configuration.delegateClass,
                storyboard: configuration.storyboard, source: configuration.source)
            let delegate = configuration.delegateClass.map(Self.typeName)
            // The delegate's own assignments, then each superclass's, nearest first: for each
            // condition the first stated along the chain is the one UIKit ends up with when a
            // subclass does not override the method that sets it.
            let chain = delegate.map { Self.superclassChain(of: $0, superclasses: superclasses) } ?? []
            let own = chain.flatMap { byOwner[$0] ?? [] }.map { (offset: $0, element: assignments[$0]) }
            used.formUnion(own.map(\.offset))
            if !own.isEmpty {
                var conditions = ActivationConditions.defaults(for: .uikit)
                var templates = ConditionTemplates()
                var values: [SessionValue] = []
                for condition in [UnresolvedCondition.Condition.canActivate, .prefersToActivate] {
                    // An assignment in a branch the app's constants rule out never runs.
                    let stated = own.map(\.element).filter {
                        $0.condition == condition && $0.branch?.evaluate(booleans) != false
                    }
                    guard let first = stated.first else { continue }
                    conditionsFound += 1
                    if let branch = first.branch, branch.evaluate(booleans) == nil {
                        warn(
                            "\(condition.rawValue) of '\(name)' is set only when \(branch.text), which depends on the running app: "
                                + "the import uses it as if always set",
                            at: first.source, code: .conditionalCondition)
                    }
                    // A subclass's assignment overrides its superclass's; two in one type are a repeat.
                    for extra in stated.dropFirst() where extra.owner == first.owner {
                        warn(
                            "\(condition.rawValue) is set again in \(first.owner ?? "?"): the import uses the first assignment, at \(first.source)",
                            at: extra.source, code: .repeatedCondition)
                    }
                    Self.apply(
                        first.value, as: condition, of: name, at: first.source, to: &conditions, templates: &templates,
                        values: &values, unresolved: &unresolved)
                }
                Self.foldConstants(
                    constants, templateConstants: templateConstants, into: &conditions, templates: &templates,
                    values: &values)
                declaration.initialConditions = conditions
                declaration.conditionTemplates = templates
                declaration.values = values
            }
            declarations.append(declaration)
        }
        for (index, assignment) in assignments.enumerated() where !used.contains(index) {
            conditionsFound += 1
            let owner = assignment.owner.map { "'\($0)'" } ?? "code outside any type"
            warn(
                "\(assignment.condition.rawValue) is set in \(owner), which no scene configuration in Info.plist names as its delegate: "
                    + "the condition applies to no declared scene",
                at: assignment.source, code: .undeclaredScene)
        }
        return (declarations, unresolved)
    }

    /// Sets a condition the source states exactly, or records it as unresolved (the default
    /// stays in its place).
    private static func apply(
        _ value: SourceFindings.ConditionValue, as condition: UnresolvedCondition.Condition, of declaration: String,
        at source: SourceLocation, to conditions: inout ActivationConditions, templates: inout ConditionTemplates,
        values: inout [SessionValue], unresolved: inout [UnresolvedCondition]
    ) {
        switch value {
        case .predicate(let predicate):
            if condition == .canActivate {
                conditions.canActivate = predicate
            } else {
                conditions.prefersToActivate = predicate
            }
        case .template(let template, let read):
            if condition == .canActivate {
                templates.canActivate = template
            } else {
                templates.prefersToActivate = template
            }
            for value in read where !values.contains(where: { $0.name == value.name }) { values.append(value) }
        case .unresolved(let expression):
            unresolved.append(
                UnresolvedCondition(
                    declaration: declaration, condition: condition, expression: expression, source: source))
        }
    }

    /// The string constants the sources declare, by name and `Type.name`; a name declared
    /// with two different values is left out (which one a condition reads is not known).
    var constants: [String: String] { unambiguous(\.constants) }

    /// The constants of every file, by name; a name declared with two different values is
    /// left out (which one the code reads is not known).
    private func unambiguous<Value: Equatable>(_ constants: (SourceFindings) -> [String: Value]) -> [String: Value] {
        var known: [String: Value] = [:]
        var ambiguous: Set<String> = []
        for file in files {
            for (name, value) in constants(file) {
                if let other = known[name], other != value { ambiguous.insert(name) }
                known[name] = value
            }
        }
        for name in ambiguous { known[name] = nil }
        return known
    }

    /// Writes in the values whose expression names a constant (`mainSceneID`,
    /// `self.mainSceneID`, `SceneIDs.main`, with `!` or `?? ""` after): the same in every
    /// window, so not a value a session binds. A condition left with no values becomes a plain
    /// predicate.
    static func foldConstants(
        _ constants: [String: String], templateConstants: [String: ValueTemplate] = [:],
        into conditions: inout ActivationConditions,
        templates: inout ConditionTemplates, values: inout [SessionValue]
    ) {
        var known: [String: ValueTemplate] = [:]
        for value in values {
            guard var expression = value.expression else { continue }
            if expression.hasPrefix("self.") { expression.removeFirst(5) }
            for suffix in [#" ?? """#, "!"] where expression.hasSuffix(suffix) { expression.removeLast(suffix.count) }
            if let constant = constants[expression] {
                known[value.name] = ValueTemplate(pieces: [.text(constant)])
            } else if let constant = templateConstants[expression] {
                known[value.name] = constant
            }
        }
        guard !known.isEmpty else { return }
        values.removeAll { known[$0.name] != nil }
        func fold(_ template: ConditionTemplate?, into predicate: inout ActivationPredicate) -> ConditionTemplate? {
            guard let folded = template?.folding(templates: known) else { return nil }
            guard folded.valueNames.isEmpty, let bound = try? folded.predicate(with: [:]) else { return folded }
            predicate = bound
            return nil
        }
        templates.canActivate = fold(templates.canActivate, into: &conditions.canActivate)
        templates.prefersToActivate = fold(templates.prefersToActivate, into: &conditions.prefersToActivate)
    }

    /// The constants built from the bundle identifier; a name declared twice differently is left out.
    var templateConstants: [String: ValueTemplate] { unambiguous(\.templateConstants) }

    /// The Boolean constants the sources declare; a name declared with both values is left out.
    var booleanConstants: [String: Bool] { unambiguous(\.booleanConstants) }

    /// The classes every file declares, to their first inherited type.
    private var superclasses: [String: String] {
        files.reduce(into: [:]) { $0.merge($1.superclasses) { first, _ in first } }
    }

    /// `type`, then its superclass, and so on, as far as the sources declare them (a cycle, or
    /// a chain past 32, ends it).
    static func superclassChain(of type: String, superclasses: [String: String]) -> [String] {
        var chain = [type]
        while chain.count < 32, let parent = superclasses[chain[chain.count - 1]], !chain.contains(parent) {
            chain.append(parent)
        }
        return chain
    }

    /// `$(PRODUCT_MODULE_NAME).SceneDelegate` and `MailApp.SceneDelegate` name `SceneDelegate`.
    static func typeName(_ delegateClass: String) -> String {
        String(delegateClass.split(separator: ".").last ?? Substring(delegateClass))
    }

    // MARK: SwiftUI

    private mutating func swiftUIDeclarations() -> ([SceneDeclaration], [UnresolvedCondition]) {
        var declarations: [SceneDeclaration] = []
        var unresolved: [UnresolvedCondition] = []
        var names = UniqueNames()
        let viewChildren = files.reduce(into: [String: [String]]()) { $0.merge($1.viewChildren) { first, _ in first } }
        var linked = Set<Int>()
        let viewConditions = files.flatMap(\.viewConditions)
        let constants = constants
        let templateConstants = templateConstants
        for file in files {
            for (position, scene) in file.scenes.enumerated() {
                // An empty id or title names nothing (a manifest's names are never empty).
                let given = [scene.id, scene.title, scene.contentViews.first].compactMap { $0 }.first { !$0.isEmpty }
                let name = names.claim(given ?? "\(scene.kind) \(position + 1)")
                var declaration = SceneDeclaration(name: name, role: scene.role, source: scene.source)
                switch scene.matching {
                case .predicate(let predicate)?:
                    declaration.matching = predicate
                    conditionsFound += 1
                case .unresolved(let expression)?:
                    conditionsFound += 1
                    unresolved.append(
                        UnresolvedCondition(
                            declaration: name, condition: .matching, expression: expression,
                            source: scene.matchingSource ?? scene.source))
                case .template(let template, _)?:
                    // A new scene has no values yet: what it would match is not known.
                    conditionsFound += 1
                    unresolved.append(
                        UnresolvedCondition(
                            declaration: name, condition: .matching, expression: "\(template.form)",
                            source: scene.matchingSource ?? scene.source))
                case nil:
                    break
                }
                // Conditions stated in the scene's content, else by a view it shows (however deep).
                var conditions = scene.conditions
                if conditions == nil {
                    let shown = Self.reachableViews(from: scene.contentViews, children: viewChildren)
                    let candidates = viewConditions.enumerated().filter { $0.element.owner.map(shown.contains) == true }
                    linked.formUnion(candidates.map(\.offset))
                    conditions = candidates.first?.element
                    for extra in candidates.dropFirst() {
                        warn(
                            "another view shown by scene '\(name)' states handlesExternalEvents(preferring:allowing:): the import uses the one at \(candidates[0].element.source)",
                            at: extra.element.source, code: .repeatedCondition)
                    }
                }
                if let conditions {
                    var initial = ActivationConditions.defaults(for: .swiftui)
                    var templates = ConditionTemplates()
                    var values: [SessionValue] = []
                    for (condition, value) in [
                        (UnresolvedCondition.Condition.prefersToActivate, conditions.preferring),
                        (.canActivate, conditions.allowing),
                    ] {
                        conditionsFound += 1
                        Self.apply(
                            value, as: condition, of: name, at: conditions.source, to: &initial, templates: &templates,
                            values: &values,
                            unresolved: &unresolved)
                    }
                    Self.foldConstants(
                        constants, templateConstants: templateConstants, into: &initial, templates: &templates,
                        values: &values)
                    declaration.initialConditions = initial
                    declaration.conditionTemplates = templates
                    declaration.values = values
                }
                declarations.append(declaration)
            }
        }
        for (index, conditions) in viewConditions.enumerated() where !linked.contains(index) {
            conditionsFound += 2
            warn(
                "\(conditions.owner.map { "view '\($0)'" } ?? "code outside any view") states handlesExternalEvents(preferring:allowing:), "
                    + "but no scene of the App shows it: the conditions apply to no declared scene",
                at: conditions.source, code: .undeclaredScene)
        }
        if let info, !info.configurations.isEmpty {
            warn(
                "Info.plist declares scene configurations (\(info.configurations.map(\.name).joined(separator: ", "))), but the app is read as SwiftUI: "
                    + "its declarations come from the App's scenes",
                at: info.configurations.first?.source, file: plistFile, code: .mixedApp)
        }
        return (declarations, unresolved)
    }

    /// `roots` and every view they construct, transitively.
    static func reachableViews(from roots: [String], children: [String: [String]]) -> Set<String> {
        var seen = Set<String>()
        var pending = roots
        while let view = pending.popLast() {
            guard seen.insert(view).inserted else { continue }
            pending += children[view] ?? []
        }
        return seen
    }
}
