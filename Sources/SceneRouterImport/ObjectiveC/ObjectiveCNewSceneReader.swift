import SceneRouting

/// Reads the common forms of an Objective-C app delegate's
/// `application:configurationForConnectingSceneSession:options:` into the same branches the
/// Swift reader makes (``NewSceneFinding``): `if (…) { return …; }` over
/// `[activity.activityType isEqualToString:@"…"]` (an activity of `options.userActivities`,
/// directly or through `for (NSUserActivity *activity in options.userActivities)`) or
/// `[options.shortcutItem.type isEqualToString:@"…"]`, joined with `&&` and `||`; returns of
/// `[UISceneConfiguration configurationWithName:@"…" sessionRole:…]`, its `alloc`/`initWithName:`
/// form, and `connectingSceneSession.configuration`. Any other condition or result becomes a
/// branch the import could not read.
struct ObjectiveCNewSceneReader {
    private let tokens: [ObjectiveCToken]
    private let file: String
    private var sessionName = ""
    private var optionsName = ""
    /// Loop variables bound to an activity of `options.userActivities`.
    private var activities: Set<String> = []
    private var finding: NewSceneFinding

    /// The method's branches, when `selector` (the index of `configurationForConnectingSceneSession`)
    /// starts a method definition whose body can be found; nil otherwise.
    static func read(_ tokens: [ObjectiveCToken], selector: Int, file: String) -> NewSceneFinding? {
        let source = SourceLocation(file: file, line: tokens[selector].line, column: tokens[selector].column)
        var reader = ObjectiveCNewSceneReader(tokens: tokens, file: file, finding: NewSceneFinding(source: source))
        guard let body = reader.signature(from: selector) else { return nil }
        reader.read(body, under: [], unread: [])
        return reader.finding
    }

    private init(tokens: [ObjectiveCToken], file: String, finding: NewSceneFinding) {
        self.tokens = tokens
        self.file = file
        self.finding = finding
    }

    private func isPunctuation(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .punctuation && tokens[index].text == text
    }

    private func isIdentifier(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier && tokens[index].text == text
    }

    /// The parameter names (the session's, the options') and the body's tokens, inside its braces.
    private mutating func signature(from selector: Int) -> Range<Int>? {
        // `configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {`
        var index = selector + 1
        func parameter() -> String? {
            guard isPunctuation(index, ":"), isPunctuation(index + 1, "(") else { return nil }
            guard let close = (index + 1..<min(tokens.count, index + 16)).first(where: { isPunctuation($0, ")") }),
                close + 1 < tokens.count, tokens[close + 1].kind == .identifier
            else { return nil }
            index = close + 2
            return tokens[close + 1].text
        }
        guard let session = parameter(), isIdentifier(index, "options") else { return nil }
        index += 1
        guard let options = parameter(), isPunctuation(index, "{"),
            let end = closing(from: index, open: "{", close: "}")
        else { return nil }
        sessionName = session
        optionsName = options
        return (index + 1)..<end
    }

    /// The index of the bracket closing the one at `start`.
    private func closing(from start: Int, open: String, close: String) -> Int? {
        var depth = 0
        for index in start..<tokens.count {
            if isPunctuation(index, open) { depth += 1 }
            if isPunctuation(index, close) {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The end of the statement starting at `start` (its `;`, or its block's `}`), exclusive.
    private func statementEnd(from start: Int, limit: Int) -> Int {
        var index = start
        var depth = 0
        while index < limit {
            if isPunctuation(index, "(") || isPunctuation(index, "[") { depth += 1 }
            if isPunctuation(index, ")") || isPunctuation(index, "]") { depth -= 1 }
            if depth <= 0, isPunctuation(index, ";") { return index + 1 }
            if depth <= 0, isPunctuation(index, "{") {
                return (closing(from: index, open: "{", close: "}") ?? limit - 1) + 1
            }
            index += 1
        }
        return limit
    }

    /// Reads the statements of `range` under the tests and unread conditions around them.
    private mutating func read(_ range: Range<Int>, under tests: [NewSceneFinding.Test], unread: [String]) {
        var index = range.lowerBound
        while index < range.upperBound {
            if isIdentifier(index, "return") {
                let end = statementEnd(from: index, limit: range.upperBound)
                addReturn(index + 1..<max(index + 1, end - 1), tests: tests, unread: unread, at: index)
                return
            }
            if isIdentifier(index, "if"), isPunctuation(index + 1, "("),
                let close = closing(from: index + 1, open: "(", close: ")")
            {
                let condition = self.condition(index + 2..<close)
                let bodyEnd = statementEnd(from: close + 1, limit: range.upperBound)
                let body = isPunctuation(close + 1, "{") ? (close + 2)..<(bodyEnd - 1) : (close + 1)..<bodyEnd
                read(body, under: tests + condition.tests, unread: unread + condition.unread)
                index = bodyEnd
                if isIdentifier(index, "else") {
                    // The else branch comes after the then-branch's rules: first match decides.
                    let elseEnd = statementEnd(from: index + 1, limit: range.upperBound)
                    let elseBody = isPunctuation(index + 1, "{") ? (index + 2)..<(elseEnd - 1) : (index + 1)..<elseEnd
                    read(elseBody, under: tests, unread: unread)
                    index = elseEnd
                }
                continue
            }
            if isIdentifier(index, "for"), isPunctuation(index + 1, "("),
                let close = closing(from: index + 1, open: "(", close: ")")
            {
                let header = Array(tokens[(index + 2)..<close])
                let bodyEnd = statementEnd(from: close + 1, limit: range.upperBound)
                let body = isPunctuation(close + 1, "{") ? (close + 2)..<(bodyEnd - 1) : (close + 1)..<bodyEnd
                // `for (NSUserActivity *activity in options.userActivities)`
                if let inIndex = header.firstIndex(where: { $0.kind == .identifier && $0.text == "in" }), inIndex > 0,
                    header[(inIndex + 1)...].map(\.text) == [optionsName, ".", "userActivities"]
                {
                    activities.insert(header[inIndex - 1].text)
                    read(body, under: tests + [.event(.userActivity)], unread: unread)
                } else {
                    read(body, under: tests, unread: unread + [text(index..<(close + 1))])
                }
                index = bodyEnd
                continue
            }
            index = statementEnd(from: index, limit: range.upperBound)
        }
    }

    private func text(_ range: Range<Int>) -> String {
        var result = ""
        for index in range {
            let token = tokens[index]
            let written: String
            switch token.kind {
            case .string(let objectiveC): written = (objectiveC ? "@" : "") + JSONStringLiteral.quoted(token.text)
            default: written = token.text
            }
            let tight =
                [".", "(", ")", "[", "]", ":", "*"].contains(token.text)
                || result.last.map { ".([:*".contains($0) } == true
            result += (result.isEmpty || tight ? "" : " ") + written
        }
        return result
    }

    private mutating func addReturn(_ range: Range<Int>, tests: [NewSceneFinding.Test], unread: [String], at index: Int)
    {
        let source = SourceLocation(file: file, line: tokens[index].line, column: tokens[index].column)
        let written = range.map { tokens[$0] }
        let words = written.map(\.text)
        var configuration: NewSceneFinding.Configuration?
        // `[UISceneConfiguration configurationWithName:@"Main" sessionRole:…]`, `[[UISceneConfiguration alloc] initWithName:@"Main" …]`
        if let name = words.firstIndex(where: { $0 == "configurationWithName" || $0 == "initWithName" }),
            words.contains("UISceneConfiguration"),
            name + 2 < written.count, words[name + 1] == ":", case .string = written[name + 2].kind
        {
            configuration = .name(.literal(written[name + 2].text))
        } else if words == [sessionName, ".", "configuration"] {
            configuration = .firstConfiguration
        }
        if let configuration {
            finding.rules.append(
                NewSceneFinding.Rule(
                    tests: tests, configuration: configuration,
                    unread: unread.isEmpty ? nil : unread.joined(separator: " && "), source: source))
        } else {
            let returned = ([text(range)] + unread.map { "when \($0)" }).joined(separator: " ")
            finding.rules.append(
                NewSceneFinding.Rule(tests: tests, configuration: nil, unread: returned, source: source))
        }
    }

    /// The tests a condition states, or the condition as unread text.
    private func condition(_ range: Range<Int>) -> (tests: [NewSceneFinding.Test], unread: [String]) {
        // Split at top-level `||` and `&&` (the lexer gives `|` and `&` one at a time).
        var parts: [[Int]] = [[]]
        var operators: [String] = []
        var depth = 0
        var index = range.lowerBound
        while index < range.upperBound {
            if isPunctuation(index, "(") || isPunctuation(index, "[") { depth += 1 }
            if isPunctuation(index, ")") || isPunctuation(index, "]") { depth -= 1 }
            if depth == 0, index + 1 < range.upperBound,
                (isPunctuation(index, "|") && isPunctuation(index + 1, "|"))
                    || (isPunctuation(index, "&") && isPunctuation(index + 1, "&"))
            {
                operators.append(tokens[index].text)
                parts.append([])
                index += 2
                continue
            }
            parts[parts.count - 1].append(index)
            index += 1
        }
        let read = parts.map { comparison($0) }
        guard read.allSatisfy({ $0 != nil }), let first = read.first ?? nil else { return ([], [text(range)]) }
        if operators.allSatisfy({ $0 == "&" }) { return (read.compactMap { $0 }, []) }
        // `a || b` over one property: a set of values.
        guard operators.allSatisfy({ $0 == "|" }) else { return ([], [text(range)]) }
        var values: [NewSceneFinding.Value] = []
        for test in read.compactMap({ $0 }) {
            switch (first, test) {
            case (.activityType, .activityType(let more)), (.shortcutType, .shortcutType(let more)): values += more
            default: return ([], [text(range)])
            }
        }
        if case .activityType = first { return ([.activityType(values)], []) }
        return ([.shortcutType(values)], [])
    }

    /// `[X.activityType isEqualToString:@"…"]` or `[options.shortcutItem.type isEqual:@"…"]`.
    private func comparison(_ indices: [Int]) -> NewSceneFinding.Test? {
        var words = indices.map { tokens[$0] }
        while words.first?.text == "(" && words.last?.text == ")" {
            words.removeFirst()
            words.removeLast()
        }
        guard words.count >= 7, words.first?.text == "[", words.last?.text == "]",
            let selector = words.firstIndex(where: { $0.text == "isEqualToString" || $0.text == "isEqual" }),
            selector + 2 == words.count - 2, words[selector + 1].text == ":", case .string = words[selector + 2].kind
        else { return nil }
        let subject = words[1..<selector].map(\.text)
        let value = NewSceneFinding.Value.literal(words[selector + 2].text)
        if subject.count == 3, activities.contains(subject[0]), subject[1...] == [".", "activityType"] {
            return .activityType([value])
        }
        for first in ["firstObject", "anyObject"]
        where subject == [optionsName, ".", "userActivities", ".", first, ".", "activityType"] {
            return .activityType([value])
        }
        if subject == [optionsName, ".", "shortcutItem", ".", "type"] { return .shortcutType([value]) }
        return nil
    }
}
