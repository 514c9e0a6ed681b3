import Foundation

/// A target's build settings as Xcode resolves them for one configuration: layers from
/// lowest to highest (built-in values, the project's `.xcconfig`, the project's settings,
/// the target's `.xcconfig`, the target's settings), `$(inherited)` taking the value of the
/// layers below, and `$(NAME)` / `${NAME}` references with the common `:operators`.
struct BuildSettings {
    /// One layer: a setting's value, and the values conditioned on the SDK, architecture or
    /// configuration that apply (`KEY[sdk=iphoneos*]`), which win over the plain one.
    typealias Layer = [String: String]

    private(set) var layers: [Layer] = []
    /// What conditional settings are tested against: `sdk`, `arch`, `config`.
    let conditions: [String: String]

    init(conditions: [String: String]) {
        self.conditions = conditions
    }

    /// Adds a layer above the others. Keys with conditions (`KEY[sdk=…][arch=…]`) enter only
    /// when every condition matches, and then replace the plain key.
    mutating func push(_ values: [String: Any]) {
        var layer: Layer = [:]
        var conditioned: Layer = [:]
        for (rawKey, rawValue) in values {
            let value: String
            switch rawValue {
            case let text as String: value = text
            case let list as [Any]: value = list.compactMap { $0 as? String }.joined(separator: " ")
            default: continue
            }
            guard let bracket = rawKey.firstIndex(of: "[") else {
                layer[rawKey] = value
                continue
            }
            let key = String(rawKey[..<bracket])
            if Self.conditionsHold(String(rawKey[bracket...]), conditions) { conditioned[key] = value }
        }
        layer.merge(conditioned) { _, new in new }
        layers.append(layer)
    }

    /// `[sdk=iphoneos*][arch=*]` against the configured values (shell wildcards).
    static func conditionsHold(_ text: String, _ conditions: [String: String]) -> Bool {
        var rest = Substring(text)
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return false }
            let condition = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard let equals = condition.firstIndex(of: "=") else { return false }
            let name = String(condition[..<equals])
            let pattern = String(condition[condition.index(after: equals)...])
            guard let actual = conditions[name] else { return false }
            if !PathGlob(pattern).matchesWhole(actual) { return false }
        }
        return rest.isEmpty
    }

    /// The value of `name`, fully expanded; nil when no layer sets it.
    func value(_ name: String) -> String? {
        var budget = Self.expansionBudget
        return resolve(name, below: layers.count, depth: 0, budget: &budget)
    }

    /// `value(name)` split into words (quotes group words), as list settings are read.
    func words(_ name: String) -> [String] {
        guard let text = value(name) else { return [] }
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " || character == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether a boolean setting is `YES` (Xcode also takes `true` and `1`).
    func isYes(_ name: String) -> Bool {
        guard let text = value(name)?.trimmingWhitespace.lowercased() else { return false }
        return text == "yes" || text == "true" || text == "1"
    }

    /// Nested references deeper than this are a loop (`A = $(B)`, `B = $(A)`): they expand
    /// to nothing, as in Xcode.
    private static let maximumDepth = 32
    /// References one value may expand in all, and the longest value: settings that double
    /// at each level (`A = $(B)$(B)`, `B = $(C)$(C)`, …) end instead of growing without
    /// bound. Real projects expand a few dozen.
    private static let expansionBudget = 10_000
    private static let maximumLength = 1 << 16

    private func resolve(_ name: String, below top: Int, depth: Int, budget: inout Int) -> String? {
        guard depth < Self.maximumDepth, budget > 0 else { return "" }
        budget -= 1
        var index = top - 1
        while index >= 0 {
            if let raw = layers[index][name] {
                return expand(raw, name: name, layer: index, depth: depth + 1, budget: &budget)
            }
            index -= 1
        }
        return nil
    }

    /// Expands `$(X)`, `${X}` and `$(X:operator)` in a value set at `layer`; `$(inherited)`
    /// is the same setting's value in the layers below.
    private func expand(_ raw: String, name: String, layer: Int, depth: Int, budget: inout Int) -> String {
        guard raw.contains("$") else { return raw }
        guard depth < Self.maximumDepth, budget > 0 else { return "" }
        var result = ""
        var index = raw.startIndex
        while index < raw.endIndex {
            let character = raw[index]
            let next = raw.index(after: index)
            guard character == "$", next < raw.endIndex, raw[next] == "(" || raw[next] == "{" else {
                result.append(character)
                index = next
                continue
            }
            let close: Character = raw[next] == "(" ? ")" : "}"
            guard let end = Self.matchingClose(raw, from: raw.index(after: next), close: close) else {
                result.append(contentsOf: raw[index...])
                break
            }
            let reference = String(raw[raw.index(after: next)..<end])
            // The name may itself hold references: `$(PRODUCT_NAME_$(CONFIGURATION))`.
            let expandedReference = expand(reference, name: name, layer: layer, depth: depth + 1, budget: &budget)
            var parts = expandedReference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let referenced = parts.removeFirst()
            var value: String
            if referenced == "inherited" {
                value = resolve(name, below: layer, depth: depth, budget: &budget) ?? ""
            } else {
                value = resolve(referenced, below: layers.count, depth: depth, budget: &budget) ?? ""
            }
            for operation in parts { value = Self.apply(operation, to: value) }
            result += value
            if result.utf8.count > Self.maximumLength {
                return String(decoding: result.utf8.prefix(Self.maximumLength), as: UTF8.self)
            }
            index = raw.index(after: end)
        }
        return result
    }

    private static func matchingClose(_ text: String, from start: String.Index, close: Character) -> String.Index? {
        let open: Character = close == ")" ? "(" : "{"
        var depth = 0
        var index = start
        while index < text.endIndex {
            if text[index] == open {
                depth += 1
            } else if text[index] == close {
                if depth == 0 { return index }
                depth -= 1
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The operators real projects use on names: `c99extidentifier` (the module name),
    /// `rfc1034identifier` (bundle identifiers), `identifier`, `lower`, `upper`; others leave
    /// the value as it is.
    static func apply(_ operation: String, to value: String) -> String {
        switch operation {
        case "c99extidentifier", "identifier":
            var result = String(value.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
            if let first = result.first, first.isNumber { result = "_" + result }
            return result
        case "rfc1034identifier":
            return String(value.map { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." ? $0 : "-" })
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        default: return value
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        String(
            drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }.reversed().drop {
                $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n"
            }.reversed())
    }
}
