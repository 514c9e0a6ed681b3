import Foundation
import SceneRouting

/// Reads an Objective-C file (`.m`, `.mm`) for what it says about scenes: activation
/// conditions set in a class's `@implementation`, and the target content identifiers it
/// emits. The common forms are read exactly:
///
/// ```objc
/// conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:NO];
/// scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
///     [NSPredicate predicateWithFormat:@"SELF == %@", @"ledger.summary"];
/// [conditions setCanActivateForTargetContentIdentifierPredicate:predicate];   // a local NSPredicate *
/// activity.targetContentIdentifier = @"ledger.account.new";
/// content.targetContentIdentifier = [NSString stringWithFormat:@"ledger.account.%@", account.id];
/// ```
///
/// Anything else that sets one of those properties is a warning at its line, and a condition
/// whose value is computed is unresolved, as in Swift.
///
/// A token reader rather than libclang: an app's `.m` files import UIKit, which does not
/// exist on Linux, so clang's AST of them is mostly invalid expressions with unknown types;
/// the statements that matter are message sends and assignments with literal arguments,
/// which tokens show as well, without a second toolchain.
enum ObjectiveCSourceReader {
    static let conditionProperties: [String: UnresolvedCondition.Condition] = [
        "canActivateForTargetContentIdentifierPredicate": .canActivate,
        "prefersToActivateForTargetContentIdentifierPredicate": .prefersToActivate,
    ]
    static let conditionSetters: [String: UnresolvedCondition.Condition] = [
        "setCanActivateForTargetContentIdentifierPredicate": .canActivate,
        "setPrefersToActivateForTargetContentIdentifierPredicate": .prefersToActivate,
    ]

    static func read(_ text: String, file: String) -> SourceFindings {
        var reader = Reader(
            tokens: ObjectiveCLexer.tokens(text), file: file,
            lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        reader.run()
        return reader.findings
    }

    private struct Reader {
        let tokens: [ObjectiveCToken]
        let file: String
        let lines: [Substring]
        var findings: SourceFindings
        /// Tokens a recognised statement read (their positions), so that what was not read
        /// can be reported.
        var consumed = Set<Int>()
        /// Local declarations of the current method: `Type *name = value;`.
        var locals: [String: (type: String?, value: Range<Int>?)] = [:]
        var owner: String?

        init(tokens: [ObjectiveCToken], file: String, lines: [Substring]) {
            self.tokens = tokens
            self.file = file
            self.lines = lines
            findings = SourceFindings(file: file)
        }

        func location(_ index: Int) -> SourceLocation {
            SourceLocation(file: file, line: tokens[index].line, column: tokens[index].column)
        }

        func isPunctuation(_ index: Int, _ text: String) -> Bool {
            index >= 0 && index < tokens.count && tokens[index].kind == .punctuation && tokens[index].text == text
        }

        mutating func run() {
            var start = 0
            var depth = 0
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                if isPunctuation(index, "@"), index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
                    switch tokens[index + 1].text {
                    case "implementation":
                        owner =
                            index + 2 < tokens.count && tokens[index + 2].kind == .identifier
                            ? tokens[index + 2].text : nil
                        locals = [:]
                    case "end":
                        owner = nil
                        locals = [:]
                    default: break
                    }
                }
                if token.kind == .punctuation {
                    switch token.text {
                    case "[", "(": depth += 1
                    case "]", ")": depth = max(0, depth - 1)
                    case ";", "{", "}":
                        if depth == 0 {
                            statement(start..<index)
                            if token.text == "}" && !isInsideMethod(after: index) { locals = [:] }
                            start = index + 1
                        }
                    default: break
                    }
                }
                index += 1
            }
            statement(start..<tokens.count)
            payloadLiterals()
            reportUnread()
        }

        /// Locals live for a method; a closing brace at the method's level ends them. Without
        /// counting braces precisely, locals are kept until the next method starts (`-` or
        /// `+` after a brace), which is what matters for reading them.
        func isInsideMethod(after index: Int) -> Bool {
            let next = index + 1
            return !(next < tokens.count && (isPunctuation(next, "-") || isPunctuation(next, "+")))
        }

        mutating func statement(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            // `Type *name = value` or `target.property = value`.
            if let equals = range.first(where: { isPunctuation($0, "=") }) {
                let left = range.lowerBound..<equals
                let right = (equals + 1)..<range.upperBound
                if let last = left.last, tokens[last].kind == .identifier {
                    let name = tokens[last].text
                    if let condition = conditionProperties[name] {
                        consumed.insert(last)
                        recordCondition(condition, right, at: left.lowerBound)
                    } else if name == "targetContentIdentifier" {
                        consumed.insert(last)
                        recordEmitted(right, carrier: carrier(ofReceiverBefore: last), at: right.lowerBound)
                    } else if left.count >= 2 {
                        // A declaration: the type is the first identifier (`NSPredicate *p`).
                        let type = tokens[left.lowerBound].kind == .identifier ? tokens[left.lowerBound].text : nil
                        locals[name] = (type, right)
                    }
                }
                return
            }
            if range.count >= 2, let last = range.last, tokens[last].kind == .identifier {
                // `NSUserActivity *activity;` declares a local without a value.
                if tokens[range.lowerBound].kind == .identifier, range.contains(where: { isPunctuation($0, "*") }) {
                    locals[tokens[last].text] = (tokens[range.lowerBound].text, nil)
                }
            }
            // `[conditions setCanActivateForTargetContentIdentifierPredicate:value]`.
            for index in range where tokens[index].kind == .identifier && isPunctuation(index + 1, ":") {
                let name = tokens[index].text
                let condition = conditionSetters[name]
                guard condition != nil || name == "setTargetContentIdentifier",
                    let close = matchingClose(from: index + 2, limit: range.upperBound)
                else { continue }
                consumed.insert(index)
                let value = (index + 2)..<close
                if let condition {
                    recordCondition(condition, value, at: index)
                } else {
                    recordEmitted(value, carrier: carrier(ofReceiverBefore: index), at: value.lowerBound)
                }
            }
        }

        /// The `]` that closes the message whose argument starts at `start`.
        func matchingClose(from start: Int, limit: Int) -> Int? {
            var depth = 0
            var index = start
            while index < limit {
                if isPunctuation(index, "[") || isPunctuation(index, "(") || isPunctuation(index, "{") { depth += 1 }
                if isPunctuation(index, "]") || isPunctuation(index, ")") || isPunctuation(index, "}") {
                    if depth == 0 { return isPunctuation(index, "]") ? index : nil }
                    depth -= 1
                }
                index += 1
            }
            return nil
        }

        // MARK: Conditions

        mutating func recordCondition(_ condition: UnresolvedCondition.Condition, _ value: Range<Int>, at start: Int) {
            let source = location(start)
            let conditionValue: SourceFindings.ConditionValue
            switch predicate(value, depth: 0) {
            case .read(let format, let arguments, let formatToken):
                do {
                    conditionValue = .predicate(
                        try ActivationPredicate(format: format, arguments: arguments).located(at: source))
                } catch {
                    findings.diagnostics.append(located(error, formatToken: formatToken ?? start))
                    conditionValue = .unresolved(expression(value))
                }
            case .unread:
                conditionValue = .unresolved(expression(value))
            }
            findings.assignments.append(
                SourceFindings.ConditionAssignment(
                    condition: condition, owner: owner, value: conditionValue, source: source))
        }

        enum PredicateValue {
            case read(format: String, arguments: [PredicateArgument], formatToken: Int?)
            case unread
        }

        /// `[NSPredicate predicateWithValue:NO]`, `[NSPredicate predicateWithFormat:@"…", @"a", @[@"b"]]`,
        /// `… argumentArray:@[…]]`, or a local holding one of those.
        func predicate(_ range: Range<Int>, depth: Int) -> PredicateValue {
            var range = range
            while range.count >= 2, isPunctuation(range.lowerBound, "("), isPunctuation(range.upperBound - 1, ")") {
                range = (range.lowerBound + 1)..<(range.upperBound - 1)
            }
            if range.count == 1, tokens[range.lowerBound].kind == .identifier, depth < 4,
                let local = locals[tokens[range.lowerBound].text], let value = local.value
            {
                return predicate(value, depth: depth + 1)
            }
            guard range.count >= 6, isPunctuation(range.lowerBound, "["), isPunctuation(range.upperBound - 1, "]"),
                tokens[range.lowerBound + 1].text == "NSPredicate", isPunctuation(range.lowerBound + 3, ":")
            else { return .unread }
            let selector = tokens[range.lowerBound + 2].text
            let body = (range.lowerBound + 4)..<(range.upperBound - 1)
            switch selector {
            case "predicateWithValue":
                guard body.count == 1 else { return .unread }
                switch tokens[body.lowerBound].text {
                case "YES", "true", "TRUE", "1": return .read(format: "TRUEPREDICATE", arguments: [], formatToken: nil)
                case "NO", "false", "FALSE", "0":
                    return .read(format: "FALSEPREDICATE", arguments: [], formatToken: nil)
                default: return .unread
                }
            case "predicateWithFormat":
                guard case .string = tokens[body.lowerBound].kind else { return .unread }
                let format = tokens[body.lowerBound].text
                var arguments: [PredicateArgument] = []
                var index = body.lowerBound + 1
                while index < body.upperBound {
                    if isPunctuation(index, ","), index + 1 < body.upperBound {
                        let (argument, next) = self.argument(from: index + 1, limit: body.upperBound)
                        guard let argument else { return .unread }
                        if case .strings(let list) = argument, list.isEmpty, next == index + 2,
                            tokens[index + 1].text == "nil"
                        {
                            // The variadic list's terminating nil.
                        } else {
                            arguments.append(argument)
                        }
                        index = next
                    } else if tokens[index].text == "argumentArray", isPunctuation(index + 1, ":") {
                        guard let list = stringList(from: index + 2, limit: body.upperBound) else { return .unread }
                        arguments += list.values
                        index = list.next
                    } else {
                        return .unread
                    }
                }
                return .read(format: format, arguments: arguments, formatToken: body.lowerBound)
            default:
                return .unread
            }
        }

        /// One `%@` argument: `@"text"`, `@[@"a", @"b"]`, `[NSSet setWithArray:@[…]]`,
        /// `[NSSet setWithObjects:@"a", @"b", nil]`; nil when it is computed.
        func argument(from start: Int, limit: Int) -> (PredicateArgument?, next: Int) {
            if case .string = tokens[start].kind { return (.string(tokens[start].text), start + 1) }
            if tokens[start].text == "nil" { return (.strings([]), start + 1) }
            if let list = stringArray(from: start, limit: limit) { return (.strings(list.strings), list.next) }
            if isPunctuation(start, "["), start + 3 < limit,
                tokens[start + 1].text == "NSSet" || tokens[start + 1].text == "NSArray",
                isPunctuation(start + 3, ":"), let close = matchingClose(from: start + 4, limit: limit)
            {
                switch tokens[start + 2].text {
                case "setWithArray", "arrayWithArray":
                    if let list = stringArray(from: start + 4, limit: close), list.next == close {
                        return (.strings(list.strings), close + 1)
                    }
                case "setWithObjects", "arrayWithObjects":
                    var strings: [String] = []
                    var index = start + 4
                    while index < close {
                        if case .string = tokens[index].kind {
                            strings.append(tokens[index].text)
                        } else if tokens[index].text != "nil" && !isPunctuation(index, ",") {
                            return (nil, close + 1)
                        }
                        index += 1
                    }
                    return (.strings(strings), close + 1)
                default: break
                }
            }
            return (nil, start + 1)
        }

        /// `@[@"a", @"b"]`.
        func stringArray(from start: Int, limit: Int) -> (strings: [String], next: Int)? {
            guard isPunctuation(start, "@"), isPunctuation(start + 1, "[") else { return nil }
            var strings: [String] = []
            var index = start + 2
            while index < limit {
                if isPunctuation(index, "]") { return (strings, index + 1) }
                if case .string = tokens[index].kind {
                    strings.append(tokens[index].text)
                } else if !isPunctuation(index, ",") {
                    return nil
                }
                index += 1
            }
            return nil
        }

        /// `argumentArray:@[@"a", @[@"b"]]`: each element an argument.
        func stringList(from start: Int, limit: Int) -> (values: [PredicateArgument], next: Int)? {
            guard isPunctuation(start, "@"), isPunctuation(start + 1, "[") else { return nil }
            var values: [PredicateArgument] = []
            var index = start + 2
            while index < limit {
                if isPunctuation(index, "]") { return (values, index + 1) }
                if isPunctuation(index, ",") {
                    index += 1
                    continue
                }
                let (argument, next) = self.argument(from: index, limit: limit)
                guard let argument else { return nil }
                values.append(argument)
                index = next
            }
            return nil
        }

        func located(_ error: Diagnostic, formatToken: Int) -> Diagnostic {
            var located = error
            let token = tokens[formatToken]
            located.file = file
            located.line = token.line
            // Inside `@"…"`: the literal's text is the format when it holds no escapes.
            let line = token.line - 1 < lines.count ? String(lines[token.line - 1]) : ""
            var column = token.column
            if let offset = error.excerpt?.offset, !line.contains("\\") { column += offset + 2 }
            located.column = column
            if let format = error.excerpt?.text {
                located.notes = ["in the predicate format string \(JSONStringLiteral.quoted(format))"]
            }
            located.excerpt = Diagnostic.Excerpt(
                .line, text: line, offset: column - 1, length: error.excerpt?.length ?? 1)
            return located
        }

        // MARK: Emitted identifiers

        mutating func recordEmitted(_ value: Range<Int>, carrier: EmittedIdentifier.Carrier?, at start: Int) {
            guard start < tokens.count else { return }
            findings.emitted.append(
                EmittedIdentifier(identifier(value, depth: 0), carrier: carrier, source: location(start)))
        }

        func identifier(_ range: Range<Int>, depth: Int) -> EmittedIdentifier.Value {
            if range.count == 1, case .string = tokens[range.lowerBound].kind {
                return .identifier(tokens[range.lowerBound].text)
            }
            if range.count == 1, tokens[range.lowerBound].kind == .identifier, depth < 4,
                let value = locals[tokens[range.lowerBound].text]?.value
            {
                return identifier(value, depth: depth + 1)
            }
            // `[NSString stringWithFormat:@"ledger.account.%@", id]`: the text around the conversions.
            if range.count >= 6, isPunctuation(range.lowerBound, "["), tokens[range.lowerBound + 1].text == "NSString",
                tokens[range.lowerBound + 2].text == "stringWithFormat", isPunctuation(range.lowerBound + 3, ":"),
                case .string = tokens[range.lowerBound + 4].kind
            {
                let format = tokens[range.lowerBound + 4].text
                guard let first = format.firstIndex(of: "%") else { return .identifier(format) }
                let prefix = String(format[..<first])
                var suffix = ""
                if let last = format.lastIndex(of: "%") {
                    // The conversion runs to its letter (`%@`, `%ld`, `%02d`).
                    var end = format.index(after: last)
                    while end < format.endIndex, !format[end].isLetter && format[end] != "@" {
                        end = format.index(after: end)
                    }
                    while end < format.endIndex, format[end] == "l" || format[end] == "h" || format[end] == "q" {
                        end = format.index(after: end)
                    }
                    if end < format.endIndex { suffix = String(format[format.index(after: end)...]) }
                }
                return .pattern(
                    prefix: prefix.replacingOccurrences(of: "%%", with: "%"),
                    suffix: suffix.replacingOccurrences(of: "%%", with: "%"))
            }
            return .dynamic(text(range))
        }

        /// What carries a `targetContentIdentifier`: the declared type of the local it is set on.
        func carrier(ofReceiverBefore property: Int) -> EmittedIdentifier.Carrier? {
            var receiver = property - 1
            if isPunctuation(receiver, ".") { receiver -= 1 }
            guard receiver >= 0, tokens[receiver].kind == .identifier else { return nil }
            // `[activity setTargetContentIdentifier:…]` names the receiver just before.
            guard let type = locals[tokens[receiver].text]?.type else { return nil }
            if let carrier = SwiftSourceScanner.carriers[type] { return carrier }
            if let value = locals[tokens[receiver].text]?.value, value.count >= 3, isPunctuation(value.lowerBound, "["),
                isPunctuation(value.lowerBound + 1, "["),
                let carrier = SwiftSourceScanner.carriers[tokens[value.lowerBound + 2].text]
            {
                return carrier
            }
            return nil
        }

        /// `@{@"aps": @{@"target-content-id": @"…"}}` in a dictionary literal.
        mutating func payloadLiterals() {
            for index in tokens.indices where tokens[index].text == "target-content-id" && isPunctuation(index + 1, ":")
            {
                guard case .string = tokens[index].kind, index + 2 < tokens.count else { continue }
                if case .string = tokens[index + 2].kind {
                    findings.emitted.append(
                        EmittedIdentifier(
                            .identifier(tokens[index + 2].text), carrier: .payload, source: location(index + 2)))
                }
            }
        }

        // MARK: What was not read

        /// Every other place that sets a condition or an identifier is reported: an
        /// Objective-C app never gets a clean result by silence.
        mutating func reportUnread() {
            for index in tokens.indices where !consumed.contains(index) {
                let name = tokens[index].text
                if case .string = tokens[index].kind {
                    // Key-value coding: `setValue:… forKey:@"canActivateFor…"`.
                    guard conditionProperties[name] != nil || name == "targetContentIdentifier" else { continue }
                    findings.diagnostics.append(unread(name, at: index))
                    continue
                }
                guard tokens[index].kind == .identifier else { continue }
                if name == "configurationForConnectingSceneSession", definesMethod(before: index) {
                    if let finding = ObjectiveCNewSceneReader.read(tokens, selector: index, file: file) {
                        findings.newSceneChoices.append(finding)
                        continue
                    }
                    // A method whose body cannot be found: every new scene rests on it, and
                    // decisions say so.
                    let source = location(index)
                    var finding = NewSceneFinding(source: source)
                    finding.rules.append(
                        NewSceneFinding.Rule(
                            tests: [], configuration: nil,
                            unread: "the Objective-C application:configurationForConnectingSceneSession:options:",
                            source: source))
                    findings.newSceneChoices.append(finding)
                    continue
                }
                let sets: Bool
                if conditionProperties[name] != nil || conditionSetters[name] != nil {
                    sets = true
                } else if name == "setTargetContentIdentifier" {
                    sets = true
                } else if name == "targetContentIdentifier" {
                    // Reading the identifier of an event that arrived is not emitting one.
                    sets = isPunctuation(index + 1, "=")
                } else {
                    continue
                }
                guard sets else { continue }
                findings.diagnostics.append(unread(name, at: index))
            }
        }

        /// Whether the selector part at `index` belongs to a method definition returning a
        /// `UISceneConfiguration` (`- (UISceneConfiguration *)application:…`), not a call.
        func definesMethod(before index: Int) -> Bool {
            for back in stride(from: index - 1, through: max(0, index - 12), by: -1) {
                if tokens[back].kind == .identifier, tokens[back].text == "UISceneConfiguration" {
                    return isPunctuation(back - 1, "(")
                        && (isPunctuation(back - 2, "-") || isPunctuation(back - 2, "+"))
                }
                if isPunctuation(back, "[") || isPunctuation(back, ";") || isPunctuation(back, "}") { return false }
            }
            return false
        }

        func unread(_ name: String, at index: Int) -> Diagnostic {
            Diagnostic(
                severity: .warning, code: Diagnostic.Code(WarningCode.unreadObjectiveC),
                message:
                    "Objective-C code sets \(name) in a form the import does not read: its effect on routing is not imported",
                file: file, line: tokens[index].line, column: tokens[index].column)
        }

        /// What a value is, as written: a local's own value when the value names one.
        func expression(_ range: Range<Int>) -> String {
            if range.count == 1, tokens[range.lowerBound].kind == .identifier,
                let value = locals[tokens[range.lowerBound].text]?.value
            {
                return text(value)
            }
            return text(range)
        }

        /// The tokens as one line of code, string literals quoted again.
        func text(_ range: Range<Int>) -> String {
            var parts: [String] = []
            for index in range {
                let token = tokens[index]
                switch token.kind {
                case .string(let objectiveC):
                    parts.append((objectiveC ? "@" : "") + JSONStringLiteral.quoted(token.text))
                default: parts.append(token.text)
                }
            }
            var result = parts.joined(separator: " ")
            for (spaced, tight) in [
                (" : ", ":"), ("[ ", "["), (" ]", "]"), ("( ", "("), (" )", ")"), (" .", "."), (". ", "."), (" ,", ","),
                ("@ ", "@"),
            ] {
                result = result.replacingOccurrences(of: spaced, with: tight)
            }
            return result
        }
    }
}
