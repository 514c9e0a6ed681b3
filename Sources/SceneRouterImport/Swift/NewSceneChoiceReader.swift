import SceneRouting
import SwiftIfConfig
import SwiftOperators
import SwiftSyntax

/// What `application(_:configurationForConnecting:options:)` says, before constants are
/// folded: its branches in the order the method tests them.
struct NewSceneFinding {
    /// A string the code compares with or returns: a literal, or a name the assembler looks
    /// up among the app's constants.
    enum Value: Equatable {
        case literal(String)
        case reference(String)
    }

    enum Test {
        case event(NewSceneRule.EventKind)
        case activityType([Value])
        case shortcutType([Value])
        /// A predicate over the target content identifier: `==`, `BEGINSWITH`, `ENDSWITH`, `CONTAINS`.
        case identifier(operator: String, Value)
        /// A predicate over the opened URL's absolute string.
        case url(operator: String, Value)
        case urlHost(Value)
        case urlScheme(Value)
        /// A condition no event-created scene meets (its session's role is not a window's).
        case never
    }

    enum Configuration {
        /// `UISceneConfiguration(name: …)`.
        case name(Value)
        /// A configuration built in code whose `delegateClass` is this type.
        case delegateClass(String)
        /// `connectingSceneSession.configuration`: the one UIKit chose from the Info.plist.
        case firstConfiguration
    }

    struct Rule {
        var tests: [Test]
        /// Nil when ``unread`` is what the branch returns.
        var configuration: Configuration?
        /// Swift that could not be read: a condition of the branch, or what it returns.
        var unread: String?
        var source: SceneRouting.SourceLocation
    }

    var rules: [Rule] = []
    var source: SceneRouting.SourceLocation
}

/// Reads the common forms of `configurationForConnecting`: `if`, `guard` and `switch` over
/// the connection options' user activity type, shortcut item type, URL (host, scheme,
/// prefix) and target content identifier; returns of `UISceneConfiguration(name:…)`, of a
/// local configuration (its `delegateClass` when it has no name), of a local name assigned
/// in branches, and of `connectingSceneSession.configuration`. Anything else becomes a
/// branch the import could not read, which routing reports when it matters.
struct NewSceneChoiceReader {
    /// What a name or an expression of the method stands for.
    private enum Subject {
        case options, activities, activity, activityType, shortcut, shortcutType, urlContexts, urlContext, url,
            urlString
        case urlHost, urlScheme, notificationResponse, identifier, session, role
    }

    /// A branch condition read so far: tests, and text that could not be read.
    private struct Conditions {
        var tests: [NewSceneFinding.Test] = []
        var unread: [String] = []
    }

    private let sessionName: String
    private let optionsName: String
    private let configuration: AppBuildConfiguration
    private let locate: (Syntax) -> SceneRouting.SourceLocation
    private var bound: [String: Subject] = [:]
    /// Local configurations: `let config = UISceneConfiguration(name: …)`.
    private var localConfigurations: [String: NewSceneFinding.Configuration] = [:]
    /// A local name's assignment: the conditions it is under, and the `if` chain it is in
    /// (the branches of one chain exclude each other and are tested in order; a later chain
    /// overrides an earlier one).
    private struct Assignment {
        var conditions: Conditions
        var value: NewSceneFinding.Value?
        var text: String
        var chain: Int
    }

    /// Local names assigned in branches.
    private var assignments: [String: [Assignment]] = [:]
    private var chains = 0
    /// The `if` chain being read; nil outside any.
    private var chain: Int?
    private var finding: NewSceneFinding

    /// The method's reading, when `function` is `application(_:configurationForConnecting:options:)`.
    static func read(
        _ function: FunctionDeclSyntax, configuration: AppBuildConfiguration,
        locate: @escaping (Syntax) -> SceneRouting.SourceLocation
    ) -> NewSceneFinding? {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard function.name.text == "application", parameters.count == 3,
            parameters[1].firstName.text == "configurationForConnecting", let body = function.body
        else { return nil }
        var reader = NewSceneChoiceReader(
            sessionName: (parameters[1].secondName ?? parameters[1].firstName).text,
            optionsName: (parameters[2].secondName ?? parameters[2].firstName).text, configuration: configuration,
            locate: locate,
            finding: NewSceneFinding(source: locate(Syntax(function.name))))
        reader.read(body.statements, under: Conditions())
        return reader.finding
    }

    private init(
        sessionName: String, optionsName: String, configuration: AppBuildConfiguration,
        locate: @escaping (Syntax) -> SceneRouting.SourceLocation,
        finding: NewSceneFinding
    ) {
        self.sessionName = sessionName
        self.optionsName = optionsName
        self.configuration = configuration
        self.locate = locate
        self.finding = finding
    }

    // MARK: Statements

    /// Reads `statements` under `conditions`; true when they always return.
    @discardableResult
    private mutating func read(_ statements: CodeBlockItemListSyntax, under conditions: Conditions) -> Bool {
        var conditions = conditions
        for item in statements {
            switch item.item {
            case .stmt(let statement):
                if let returned = statement.as(ReturnStmtSyntax.self) {
                    addReturn(returned.expression, under: conditions, at: Syntax(returned))
                    return true
                }
                if let guarded = statement.as(GuardStmtSyntax.self) {
                    let positive = read(guarded.conditions)
                    // `guard let activity = options.userActivities.first else { … }`: the else
                    // branch is every other kind of event; any other guard's is not read.
                    if positive.unread.isEmpty, positive.tests.count == 1, case .event(let kind) = positive.tests[0] {
                        for other in NewSceneRule.EventKind.allCases where other != kind {
                            var failing = conditions
                            failing.tests.append(.event(other))
                            read(guarded.body.statements, under: failing)
                        }
                    } else {
                        var failing = conditions
                        failing.unread.append("!(\(guarded.conditions.oneLine))")
                        read(guarded.body.statements, under: failing)
                    }
                    conditions.tests += positive.tests
                    conditions.unread += positive.unread
                } else if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                    if readExpressionStatement(expression, under: conditions) { return true }
                }
            case .expr(let expression):
                if readExpressionStatement(expression, under: conditions) { return true }
            case .decl(let declaration):
                if let variable = declaration.as(VariableDeclSyntax.self) {
                    readDeclaration(variable, under: conditions)
                } else if let ifConfig = declaration.as(IfConfigDeclSyntax.self),
                    case .statements(let active)? = ifConfig.activeClause(in: configuration).clause?.elements
                {
                    if read(active, under: conditions) { return true }
                }
            }
        }
        return false
    }

    /// `if`, `switch`, an assignment; true when the statement always returns.
    private mutating func readExpressionStatement(_ expression: ExprSyntax, under conditions: Conditions) -> Bool {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            let outer = chain
            chains += 1
            chain = chains
            defer { chain = outer }
            return readIf(ifExpression, under: conditions)
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            return readSwitch(switchExpression, under: conditions)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) { readAssignment(sequence, under: conditions) }
        return false
    }

    private mutating func readIf(_ node: IfExprSyntax, under conditions: Conditions) -> Bool {
        let saved = bound
        let stated = read(node.conditions)
        var inside = conditions
        inside.tests += stated.tests
        inside.unread += stated.unread
        let thenReturns = read(node.body.statements, under: inside)
        bound = saved
        switch node.elseBody {
        case .ifExpr(let next)?:
            return readIf(next, under: conditions) && thenReturns
        case .codeBlock(let block)?:
            return read(block.statements, under: conditions) && thenReturns
        case nil:
            return false
        }
    }

    private mutating func readSwitch(_ node: SwitchExprSyntax, under conditions: Conditions) -> Bool {
        let subject = self.subject(of: node.subject)
        var allReturn = true
        var hasDefault = false
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else {
                allReturn = false
                continue
            }
            var inside = conditions
            switch switchCase.label {
            case .default:
                hasDefault = true
            case .case(let label):
                var values: [NewSceneFinding.Value] = []
                var readable = true
                for item in label.caseItems {
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                        let value = value(of: pattern.expression)
                    else {
                        readable = false
                        break
                    }
                    values.append(value)
                }
                if readable, let test = equality(subject, values) {
                    inside.tests.append(test)
                } else {
                    inside.unread.append("\(node.subject.oneLine) matches \(label.caseItems.oneLine)")
                }
            }
            if !read(switchCase.statements, under: inside) { allReturn = false }
        }
        return allReturn && hasDefault
    }

    private mutating func readDeclaration(_ variable: VariableDeclSyntax, under conditions: Conditions) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            else { continue }
            if let made = configurationCall(value) {
                localConfigurations[name] = made
            } else if let subject = subject(of: value) {
                bound[name] = subject
            } else {
                chains += 1
                assignments[name] = [
                    Assignment(conditions: conditions, value: self.value(of: value), text: value.oneLine, chain: chains)
                ]
            }
        }
    }

    /// `name = "Inspector"` and `config.delegateClass = InspectorSceneDelegate.self`.
    private mutating func readAssignment(_ sequence: SequenceExprSyntax, under conditions: Conditions) {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return }
        if let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text, assignments[name] != nil {
            let chain =
                self.chain
                ?? {
                    chains += 1
                    return chains
                }()
            assignments[name, default: []].append(
                Assignment(
                    conditions: conditions, value: value(of: elements[2]), text: elements[2].oneLine, chain: chain))
        } else if let member = elements[0].as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "delegateClass",
            let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, localConfigurations[owner] != nil,
            let type = elements[2].as(MemberAccessExprSyntax.self), type.declName.baseName.text == "self",
            let base = type.base
        {
            if case .name? = localConfigurations[owner] { return }
            localConfigurations[owner] = .delegateClass(ImportAssembler.typeName(base.trimmedDescription))
        }
    }

    // MARK: Returns

    private mutating func addReturn(_ expression: ExprSyntax?, under conditions: Conditions, at node: Syntax) {
        let source = locate(node)
        let unread = conditions.unread.isEmpty ? nil : conditions.unread.joined(separator: " && ")
        guard let expression else { return }
        if let made = configurationCall(expression) {
            if case .name(.reference(let name)) = made, let assigned = assignments[name] {
                // The last assignment that holds wins: later chains are tested first, the
                // branches of one chain in order.
                let ordered = Dictionary(grouping: assigned, by: \.chain).sorted { $0.key > $1.key }.flatMap(\.value)
                for assignment in ordered {
                    let tests = conditions.tests + assignment.conditions.tests
                    var unread: [String] = []
                    for text in conditions.unread + assignment.conditions.unread where !unread.contains(text) {
                        unread.append(text)
                    }
                    let rule =
                        if let value = assignment.value {
                            NewSceneFinding.Rule(
                                tests: tests, configuration: .name(value),
                                unread: unread.isEmpty ? nil : unread.joined(separator: " && "),
                                source: source)
                        } else {
                            NewSceneFinding.Rule(
                                tests: tests, configuration: nil, unread: assignment.text, source: source)
                        }
                    finding.rules.append(rule)
                }
                return
            }
            finding.rules.append(
                NewSceneFinding.Rule(tests: conditions.tests, configuration: made, unread: unread, source: source))
            return
        }
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let made = localConfigurations[name] {
            finding.rules.append(
                NewSceneFinding.Rule(tests: conditions.tests, configuration: made, unread: unread, source: source))
            return
        }
        if subject(of: expression) == .session {
            finding.rules.append(
                NewSceneFinding.Rule(
                    tests: conditions.tests, configuration: .firstConfiguration, unread: unread, source: source))
            return
        }
        // What is returned cannot be read; an unread condition of the branch goes with it.
        let text = ([expression.oneLine] + conditions.unread.map { "when \($0)" }).joined(separator: " ")
        finding.rules.append(
            NewSceneFinding.Rule(tests: conditions.tests, configuration: nil, unread: text, source: source))
    }

    /// `UISceneConfiguration(name: …, sessionRole: …)`, or `connectingSceneSession.configuration`.
    private func configurationCall(_ expression: ExprSyntax) -> NewSceneFinding.Configuration? {
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "configuration",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == sessionName
        {
            return .firstConfiguration
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UISceneConfiguration",
            let name = call.arguments.first(where: { $0.label?.text == "name" })
        else { return nil }
        if name.expression.is(NilLiteralExprSyntax.self) { return .delegateClass("") }
        if let reference = name.expression.as(DeclReferenceExprSyntax.self), assignments[reference.baseName.text] != nil
        {
            return .name(.reference(reference.baseName.text))
        }
        guard let value = value(of: name.expression) else { return nil }
        return .name(value)
    }

    // MARK: Conditions

    private mutating func read(_ list: ConditionElementListSyntax) -> Conditions {
        var read = Conditions()
        for element in list {
            switch element.condition {
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    read.unread.append(binding.oneLine)
                    continue
                }
                let value =
                    binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
                guard let subject = subject(of: value) else {
                    read.unread.append(binding.oneLine)
                    continue
                }
                bound[name] = subject
                if let kind = Self.eventKind(of: subject) { read.tests.append(.event(kind)) }
            case .expression(let expression):
                // No app tests hundreds of operands; a stranger's file that does is not folded.
                guard (expression.as(SequenceExprSyntax.self)?.elements.count ?? 0) <= BranchCondition.maximumOperands
                else {
                    read.unread.append(String(expression.trimmedDescription.prefix(120)) + "…")
                    continue
                }
                let folded =
                    (try? OperatorTable.standardOperators.foldAll(expression)).flatMap { $0.as(ExprSyntax.self) }
                    ?? expression
                if let tests = tests(of: folded) { read.tests += tests } else { read.unread.append(expression.oneLine) }
            default:
                read.unread.append(element.oneLine)
            }
        }
        return read
    }

    /// The tests an expression states, or nil when it cannot be read.
    private func tests(of expression: ExprSyntax) -> [NewSceneFinding.Test]? {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return tests(of: only.expression)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            switch op {
            case "&&":
                guard let left = tests(of: infix.leftOperand), let right = tests(of: infix.rightOperand) else {
                    return nil
                }
                return left + right
            case "||":
                // `type == a || type == b`: one set of types.
                guard let left = tests(of: infix.leftOperand), let right = tests(of: infix.rightOperand),
                    left.count == 1, right.count == 1
                else { return nil }
                switch (left[0], right[0]) {
                case (.activityType(let a), .activityType(let b)): return [.activityType(a + b)]
                case (.shortcutType(let a), .shortcutType(let b)): return [.shortcutType(a + b)]
                default: return nil
                }
            case "==" where roleTest(infix) != nil, "!=" where roleTest(infix) != nil:
                // A scene an event creates is an application window: `connectingSceneSession.role
                // == .carTemplateApplication` never holds for it, `== .windowApplication` always.
                return (roleTest(infix) == (op == "==")) ? [] : [.never]
            case "==":
                if let subject = subject(of: infix.leftOperand), let value = value(of: infix.rightOperand) {
                    return equality(subject, [value]).map { [$0] }
                }
                if let subject = subject(of: infix.rightOperand), let value = value(of: infix.leftOperand) {
                    return equality(subject, [value]).map { [$0] }
                }
                return nil
            case "!=":
                // `options.userActivities.first != nil`: the event is of that kind.
                guard infix.rightOperand.is(NilLiteralExprSyntax.self), let subject = subject(of: infix.leftOperand),
                    let kind = Self.eventKind(of: subject)
                else { return nil }
                return [.event(kind)]
            default:
                return nil
            }
        }
        // `x.hasPrefix("…")`, `[a, b].contains(x.activityType)`.
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            call.arguments.count == 1, let argument = call.arguments.first?.expression, let base = member.base
        else { return nil }
        let method = member.declName.baseName.text
        if method == "contains", let array = base.as(ArrayExprSyntax.self), let subject = subject(of: argument) {
            let values = array.elements.compactMap { value(of: $0.expression) }
            guard values.count == array.elements.count else { return nil }
            return equality(subject, values).map { [$0] }
        }
        let operators = ["hasPrefix": "BEGINSWITH", "hasSuffix": "ENDSWITH", "contains": "CONTAINS"]
        guard let op = operators[method], let subject = subject(of: base), let value = value(of: argument) else {
            return nil
        }
        switch subject {
        case .identifier: return [.identifier(operator: op, value)]
        case .urlString: return [.url(operator: op, value)]
        default: return nil
        }
    }

    /// For `role == X` (either side): whether X is the application window role.
    private func roleTest(_ infix: InfixOperatorExprSyntax) -> Bool? {
        for (side, other) in [(infix.leftOperand, infix.rightOperand), (infix.rightOperand, infix.leftOperand)]
        where subject(of: side) == .role {
            let name = other.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
            guard name.first?.isLetter == true else { return nil }
            return name == "windowApplication"
        }
        return nil
    }

    private func equality(_ subject: Subject?, _ values: [NewSceneFinding.Value]) -> NewSceneFinding.Test? {
        switch subject {
        case .activityType?: return .activityType(values)
        case .shortcutType?: return .shortcutType(values)
        case .identifier? where values.count == 1: return .identifier(operator: "==", values[0])
        case .urlString? where values.count == 1: return .url(operator: "==", values[0])
        case .urlHost? where values.count == 1: return .urlHost(values[0])
        case .urlScheme? where values.count == 1: return .urlScheme(values[0])
        default: return nil
        }
    }

    private static func eventKind(of subject: Subject) -> NewSceneRule.EventKind? {
        switch subject {
        case .activity, .activityType: .userActivity
        case .shortcut, .shortcutType: .shortcut
        case .urlContext, .url, .urlString, .urlHost, .urlScheme: .url
        case .notificationResponse: .notification
        default: nil
        }
    }

    // MARK: Subjects and values

    /// What `expression` denotes among the connection options, if anything.
    private func subject(of expression: ExprSyntax) -> Subject? {
        var path: [String] = []
        var current: ExprSyntax? = expression
        while let node = current {
            if let chained = node.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else if let forced = node.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let member = node.as(MemberAccessExprSyntax.self) {
                path.append(member.declName.baseName.text)
                current = member.base
            } else if let reference = node.as(DeclReferenceExprSyntax.self) {
                path.append(reference.baseName.text)
                current = nil
            } else {
                return nil
            }
        }
        guard let root = path.popLast() else { return nil }
        var subject: Subject
        if root == optionsName {
            subject = .options
        } else if root == sessionName {
            subject = .session
        } else if let known = bound[root] {
            subject = known
        } else {
            return nil
        }
        for member in path.reversed() {
            guard let next = Self.step(subject, member) else { return nil }
            subject = next
        }
        return subject
    }

    private static func step(_ subject: Subject, _ member: String) -> Subject? {
        switch (subject, member) {
        case (.options, "userActivities"): .activities
        case (.activities, "first"): .activity
        case (.activity, "activityType"): .activityType
        case (.activity, "targetContentIdentifier"): .identifier
        case (.options, "shortcutItem"): .shortcut
        case (.shortcut, "type"): .shortcutType
        case (.shortcut, "targetContentIdentifier"): .identifier
        case (.options, "urlContexts"): .urlContexts
        case (.urlContexts, "first"): .urlContext
        case (.urlContext, "url"): .url
        case (.url, "absoluteString"): .urlString
        case (.url, "host"): .urlHost
        case (.url, "scheme"): .urlScheme
        case (.options, "notificationResponse"): .notificationResponse
        case (.notificationResponse, "notification"), (.notificationResponse, "request"),
            (.notificationResponse, "content"):
            .notificationResponse
        case (.notificationResponse, "targetContentIdentifier"): .identifier
        case (.session, "configuration"): .session
        case (.session, "role"): .role
        default: nil
        }
    }

    /// A string literal, or a name that may be a constant (`Self.x`, `AppDelegate.x`, `.x`).
    private func value(of expression: ExprSyntax) -> NewSceneFinding.Value? {
        if case .literal(let text) = SourceString(expression) { return .literal(text) }
        var text = expression.trimmedDescription
        if text.hasSuffix(".rawValue") { text.removeLast(".rawValue".count) }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            return nil
        }
        if text.hasPrefix("self.") || text.hasPrefix("Self.") { text.removeFirst(5) }
        guard bound[text] == nil, text != optionsName, text != sessionName else { return nil }
        return .reference(text)
    }
}
