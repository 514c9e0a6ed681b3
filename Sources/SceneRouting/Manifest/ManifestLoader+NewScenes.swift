/// The manifest's `newScenes`: the app delegate's choice of a new scene's configuration.
extension ManifestLoader {
    static let newScenesKeys = ["rules", "otherwise", "source"]
    static let newSceneRuleKeys = [
        "event", "activityType", "shortcutType", "url", "identifier", "configuration", "unread", "source",
    ]

    /// `{"rules": [{TESTS…, "configuration": …, "unread": …, "source": …}], "otherwise": …, "source": …}`.
    /// Every configuration named must be a window declaration; a rule needs a
    /// `configuration`, an `unread`, or both.
    static func decodeNewScenes(
        _ value: JSONValue, at path: JSONPath, framework: AppFramework, declarations: [SceneDeclaration],
        reader: inout DocumentReader
    ) -> NewSceneRules? {
        guard reader.object(value, at: path, allowed: newScenesKeys) != nil else { return nil }
        if framework != .uikit {
            reader.fail(
                path,
                "newScenes is the UIKit app delegate's choice (configurationForConnecting); a SwiftUI scene's is its \"matching\""
            )
            return nil
        }
        let windows = declarations.filter(\.role.receivesEvents).map(\.name)
        func configuration(_ value: JSONValue, at path: JSONPath) -> String? {
            guard let name = reader.string(value, at: path) else { return nil }
            guard windows.contains(name) else {
                let known = windows.map { "'\($0)'" }.joined(separator: ", ")
                reader.fail(path, "'\(name)' is not a window declaration of the app (declared: \(known))")
                return nil
            }
            return name
        }
        var rules = NewSceneRules()
        rules.source = value["source"].flatMap { reader.sourceLocation($0, at: path.appending("source")) }
        rules.otherwise = value["otherwise"].flatMap { configuration($0, at: path.appending("otherwise")) }
        let rulesPath = path.appending("rules")
        switch value["rules"] {
        case nil: break
        case .array(let elements)?:
            for (index, element) in elements.enumerated() {
                let rulePath = rulesPath.appending(index: index)
                guard reader.object(element, at: rulePath, allowed: newSceneRuleKeys) != nil else { continue }
                var tests: [NewSceneRule.Test] = []
                if let kind = element["event"] {
                    if let kind = reader.enumeration(
                        kind, at: rulePath.appending("event"), as: NewSceneRule.EventKind.self)
                    {
                        tests.append(.event(kind))
                    }
                }
                for (key, test) in [
                    ("activityType", NewSceneRule.Test.activityType), ("shortcutType", NewSceneRule.Test.shortcutType),
                ] {
                    guard let body = element[key] else { continue }
                    if case .string(let single) = body {
                        tests.append(test([single]))
                    } else if let strings = reader.stringArray(body, at: rulePath.appending(key)) {
                        tests.append(test(strings))
                    }
                }
                for (key, test) in [("url", NewSceneRule.Test.url), ("identifier", NewSceneRule.Test.identifier)] {
                    if let body = element[key], let predicate = reader.predicate(body, at: rulePath.appending(key)) {
                        tests.append(test(predicate))
                    }
                }
                let named = element["configuration"].flatMap {
                    configuration($0, at: rulePath.appending("configuration"))
                }
                let unread = element["unread"].flatMap { reader.string($0, at: rulePath.appending("unread")) }
                let source = element["source"].flatMap { reader.sourceLocation($0, at: rulePath.appending("source")) }
                if element["configuration"] == nil && unread == nil {
                    reader.fail(
                        rulePath,
                        "a rule needs \"configuration\" (what the branch returns) or \"unread\" (the Swift the import could not read)"
                    )
                    continue
                }
                rules.rules.append(NewSceneRule(when: tests, configuration: named, unread: unread, source: source))
            }
        case let other?:
            reader.fail(rulesPath, "expected an array of rules, found \(other.typeName)")
        }
        return rules
    }
}
