import SceneRouting

/// The app delegate's `configurationForConnecting`, read into the rules routing follows when
/// it creates a scene: names folded from the app's constants, configurations matched to the
/// declarations, and whatever cannot be placed kept as a branch routing reports.
extension ImportAssembler {
    mutating func newSceneRules(for declarations: [SceneDeclaration], constants: [String: String]) -> NewSceneRules? {
        let found = files.flatMap(\.newSceneChoices)
        guard let finding = found.first else { return nil }
        for extra in found.dropFirst() {
            warn(
                "application(_:configurationForConnecting:options:) is implemented again: the import uses the one at \(finding.source)",
                at: extra.source, code: .repeatedCondition)
        }
        let windows = declarations.filter(\.role.receivesEvents)
        var rules = NewSceneRules(source: finding.source)
        for rule in finding.rules {
            // A branch for another session role (CarPlay, an external display) never creates
            // a window for an event.
            if rule.tests.contains(where: { if case .never = $0 { true } else { false } }) { continue }
            var unread = rule.unread.map { [$0] } ?? []
            var tests: [NewSceneRule.Test] = []
            for test in rule.tests {
                if let resolved = Self.resolve(test, constants: constants) {
                    tests.append(resolved)
                } else {
                    unread.append(Self.describe(test))
                }
            }
            var configuration: String?
            switch rule.configuration {
            case .name(let value)?:
                if let name = Self.resolve(value, constants: constants) {
                    if windows.contains(where: { $0.name == name }) {
                        configuration = name
                    } else if let other = declarations.first(where: { $0.name == name }) {
                        warn(
                            "configurationForConnecting returns '\(name)', a \(other.role.rawValue) configuration: an external event "
                                + "creates an application window, so routing does not follow this branch",
                            at: rule.source, code: .unknownConfiguration)
                    } else {
                        warn(
                            "configurationForConnecting returns a configuration named '\(name)', which the Info.plist does not declare "
                                + "(declared: \(windows.map { "'\($0.name)'" }.joined(separator: ", "))): a new scene there is not routed",
                            at: rule.source, code: .unknownConfiguration)
                    }
                }
                if configuration == nil {
                    unread.append("UISceneConfiguration(name: \(Self.describe(value)))")
                }
            case .delegateClass(let type)?:
                configuration = windows.first { $0.delegateClass.map(Self.typeName) == type && !type.isEmpty }?.name
                if configuration == nil {
                    unread.append(
                        type.isEmpty ? "a configuration without a name" : "a configuration whose delegate is \(type)")
                }
            case .firstConfiguration?:
                configuration = windows.first?.name
            case nil:
                break
            }
            let stated = NewSceneRule(
                when: tests, configuration: configuration,
                unread: unread.isEmpty ? nil : unread.joined(separator: " && "), source: rule.source)
            // An unconditional branch ends the method: it is what every other event gets.
            if stated.tests.isEmpty, stated.unread == nil {
                rules.otherwise = configuration
                break
            }
            rules.rules.append(stated)
        }
        return rules
    }

    private static func resolve(_ value: NewSceneFinding.Value, constants: [String: String]) -> String? {
        switch value {
        case .literal(let text): return text
        case .reference(let name):
            if let constant = constants[name] { return constant }
            // `.showPlace`, a static member whose type the code leaves implicit.
            if name.hasPrefix(".") {
                let matches = constants.filter { $0.key.hasSuffix(name) }
                if Set(matches.values).count == 1 { return matches.first?.value }
            }
            return nil
        }
    }

    private static func describe(_ value: NewSceneFinding.Value) -> String {
        switch value {
        case .literal(let text): JSONStringLiteral.quoted(text)
        case .reference(let name): name
        }
    }

    private static func resolve(_ test: NewSceneFinding.Test, constants: [String: String]) -> NewSceneRule.Test? {
        func all(_ values: [NewSceneFinding.Value]) -> [String]? {
            let resolved = values.compactMap { resolve($0, constants: constants) }
            return resolved.count == values.count ? resolved : nil
        }
        func predicate(_ format: String, _ value: NewSceneFinding.Value) -> ActivationPredicate? {
            guard let text = resolve(value, constants: constants) else { return nil }
            return try? ActivationPredicate(format: format, arguments: [.string(text)])
        }
        switch test {
        case .event(let kind): return .event(kind)
        case .activityType(let values): return all(values).map(NewSceneRule.Test.activityType)
        case .shortcutType(let values): return all(values).map(NewSceneRule.Test.shortcutType)
        case .identifier(let op, let value): return predicate("SELF \(op) %@", value).map(NewSceneRule.Test.identifier)
        case .url(let op, let value): return predicate("SELF \(op) %@", value).map(NewSceneRule.Test.url)
        case .never: return nil
        case .urlScheme(let value):
            guard let scheme = resolve(value, constants: constants) else { return nil }
            return (try? ActivationPredicate(format: "SELF BEGINSWITH %@", arguments: [.string(scheme + ":")])).map(
                NewSceneRule.Test.url)
        case .urlHost(let value):
            // The host as URL parses it: after the scheme's `//` and any user info, before a
            // port, path, query or fragment.
            guard let host = resolve(value, constants: constants) else { return nil }
            let escaped = host.unicodeScalars.map {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) ? String($0) : "\\" + String($0)
            }
            .joined()
            let pattern = "[^:/?#]+://(?:[^/?#@]*@)?" + escaped + "(?::[0-9]*)?(?:[/?#].*)?"
            return (try? ActivationPredicate(format: "SELF MATCHES %@", arguments: [.string(pattern)])).map(
                NewSceneRule.Test.url)
        }
    }

    private static func describe(_ test: NewSceneFinding.Test) -> String {
        switch test {
        case .event(let kind): "a \(kind.rawValue) event"
        case .activityType(let values): "activityType in \(values.map(describe))"
        case .shortcutType(let values): "shortcut type in \(values.map(describe))"
        case .identifier(let op, let value): "targetContentIdentifier \(op) \(describe(value))"
        case .url(let op, let value): "url \(op) \(describe(value))"
        case .urlHost(let value): "url.host == \(describe(value))"
        case .urlScheme(let value): "url.scheme == \(describe(value))"
        case .never: "never"
        }
    }
}
