import Foundation
import SceneRouting
import SwiftDiagnostics
import SwiftIfConfig
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Reads one Swift file with swift-syntax (parsing only: no types are checked, no code
/// runs) and collects what it says about scenes: activation conditions set on scene
/// delegates, SwiftUI scenes and their `handlesExternalEvents` modifiers, and the target
/// content identifiers the code emits. Only code the build compiles is read: `#if` clauses
/// are evaluated for the app's platform and compilation conditions (`SwiftIfConfig`).
final class SwiftSourceScanner: ActiveSyntaxVisitor {
    /// Scene types an `App` body builds, and the role of their sessions.
    static let sceneTypes: [String: SessionRole] = [
        "WindowGroup": .windowApplication, "Window": .windowApplication, "DocumentGroup": .windowApplication,
        "UtilityWindow": .windowApplication, "ImmersiveSpace": .immersiveSpaceApplication,
    ]
    /// Types whose `targetContentIdentifier` an assignment sets.
    static let carriers: [String: EmittedIdentifier.Carrier] = [
        "NSUserActivity": .userActivity, "UNMutableNotificationContent": .notification,
        "UNNotificationContent": .notification, "UIApplicationShortcutItem": .shortcut,
        "UIMutableApplicationShortcutItem": .shortcut,
    ]

    private var findings: SourceFindings
    private let converter: SourceLocationConverter
    private let tree: SourceFileSyntax
    /// Scenes by the position of their constructor call, for the modifiers that find them.
    private var sceneIndex: [AbsolutePosition: Int] = [:]

    private let configuration: AppBuildConfiguration

    /// Scans `text`, naming the file `file` in every location, in the language mode and
    /// with the `#if` conditions of the build.
    static func scan(
        _ text: String, file: String,
        configuration: AppBuildConfiguration = AppBuildConfiguration(
            platform: .iOS, conditions: ["DEBUG"], swiftVersion: nil),
        swiftVersion: Parser.SwiftVersion = .v5
    ) -> SourceFindings {
        if let refusal = SwiftNestingScan.check(text) {
            var findings = SourceFindings(file: file)
            let prefix = text.utf8.prefix(refusal.offset)
            let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let column =
                refusal.offset
                - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 }
                    ?? 0) + 1
            findings.diagnostics.append(
                SceneRouting.Diagnostic(
                    message: "\(refusal.message), deeper than any app's code: the file is not imported", file: file,
                    line: line,
                    column: column))
            return findings
        }
        var parser = Parser(text, swiftVersion: swiftVersion)
        let tree = SourceFileSyntax.parse(from: &parser)
        let scanner = SwiftSourceScanner(tree: tree, file: file, configuration: configuration)
        scanner.reportSyntaxErrors()
        scanner.walk(tree)
        scanner.reportConditionProblems()
        return scanner.findings
    }

    private init(tree: SourceFileSyntax, file: String, configuration: AppBuildConfiguration) {
        self.tree = tree
        self.configuration = configuration
        findings = SourceFindings(file: file)
        converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate, configuration: configuration)
    }

    /// Nodes small enough to diagnose cheaply that hold the first `count` errors: a
    /// statement of a few kilobytes, or else the erroneous parts inside a larger one.
    static func firstErroneousNodes(in root: Syntax, count: Int) -> [Syntax] {
        var found: [Syntax] = []
        var pending = [root]
        while let node = pending.popLast(), found.count < count {
            guard node.hasError else { continue }
            if node.totalLength.utf8Length <= 4096 || node.children(viewMode: .sourceAccurate).isEmpty {
                found.append(node)
                continue
            }
            var erroneous: [Syntax] = []
            for child in node.children(viewMode: .sourceAccurate) where child.hasError {
                erroneous.append(child)
                if erroneous.count == count { break }
            }
            pending += erroneous.reversed()
        }
        return found
    }

    /// A `=` the lexer finds unevenly spaced although a space or tab stands on both sides
    /// (another character between): the case whose fix-it swift-syntax cannot build.
    static func firstUnfixableEquals(in node: Syntax) -> TokenSyntax? {
        for token in node.tokens(viewMode: .sourceAccurate)
        where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
            let before = token.previousToken(viewMode: .all)?.trailingTrivia.contains { $0.isSpaceOrTab } ?? false
            if before && token.trailingTrivia.contains(where: { $0.isSpaceOrTab }) { return token }
        }
        return nil
    }

    /// `#if` conditions the evaluation could not decide (an unknown function, a malformed
    /// version): the clauses they guard are read as inactive.
    private func reportConditionProblems() {
        for diagnostic in diagnostics.prefix(5) {
            let position = diagnostic.location(converter: converter)
            findings.diagnostics.append(
                SceneRouting.Diagnostic(
                    severity: .warning, message: "\(diagnostic.message) (in an #if condition)", file: findings.file,
                    line: position.line,
                    column: position.column))
        }
    }

    private func location(_ node: some SyntaxProtocol) -> SceneRouting.SourceLocation {
        let position = node.startLocation(converter: converter)
        return SceneRouting.SourceLocation(file: findings.file, line: position.line, column: position.column)
    }

    /// The first syntax errors, each at its place; scanning goes on over what parsed. The
    /// file is parsed in its target's language mode, so what the compiler only warns about
    /// there (Swift 5's `@available (…)` with a space) is no error; such warnings are the
    /// compiler's to report and are left out.
    private func reportSyntaxErrors() {
        guard tree.hasError else { return }
        // Only the nodes with the first errors are diagnosed: computing every diagnostic of
        // a file full of errors costs far more than the five that are shown (and grows with
        // the square of the errors in one node).
        var errors: [(message: String, position: SwiftSyntax.SourceLocation)] = []
        for node in Self.firstErroneousNodes(in: Syntax(tree), count: 5) where errors.count < 5 {
            if let token = Self.firstUnfixableEquals(in: node) {
                // swift-syntax 603 stops the process building this error's fix-it when the
                // whitespace before `=` is not a space or tab (its fix-it has no change).
                errors.append(
                    ("'=' must have consistent whitespace on both sides", token.startLocation(converter: converter)))
                continue
            }
            errors += ParseDiagnosticsGenerator.diagnostics(for: node).filter { $0.diagMessage.severity == .error }
                .map { ($0.message, $0.location(converter: converter)) }
        }
        for error in errors.prefix(5) {
            findings.diagnostics.append(
                SceneRouting.Diagnostic(
                    message: "\(error.message) (what parsed is still imported)", file: findings.file,
                    line: error.position.line,
                    column: error.position.column))
        }
    }

    // MARK: Assignments: conditions and emitted identifiers

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        // Operators are not folded: `a = "x" + y` is the sequence a, =, "x", +, y.
        let elements = Array(node.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self)
        else { return .visitChildren }
        let value =
            elements.count == 3 ? elements[2] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(elements[2...])))
        switch target.declName.baseName.text {
        case "canActivateForTargetContentIdentifierPredicate":
            recordCondition(.canActivate, value, at: node)
        case "prefersToActivateForTargetContentIdentifierPredicate":
            recordCondition(.prefersToActivate, value, at: node)
        case "targetContentIdentifier":
            recordEmitted(value, carrier: carrier(of: target.base), at: elements[2])
        default:
            break
        }
        return .visitChildren
    }

    private func recordCondition(
        _ condition: UnresolvedCondition.Condition, _ value: ExprSyntax, at node: some SyntaxProtocol
    ) {
        let source = location(node)
        let resolved = resolvedPredicate(value)
        let conditionValue: SourceFindings.ConditionValue
        switch SourcePredicate(resolved, resolve: { [unowned self] in resolvedPredicate($0) }) {
        case .predicate(let format, let arguments, let literal):
            do {
                conditionValue = .predicate(
                    try ActivationPredicate(format: format, arguments: arguments).located(at: source))
            } catch {
                findings.diagnostics.append(located(error, inFormat: literal, fallback: resolved))
                conditionValue = .unresolved(resolved.oneLine)
            }
        case .template(let format, let arguments, let values):
            // The format must be a predicate whatever the values turn out to be, as the
            // manifest loader will require of it.
            let shape: [PredicateArgument] = arguments.map { argument in
                switch argument {
                case .string: .string("")
                case .strings(let members): .strings(members.map { _ in "" })
                }
            }
            do {
                _ = try ActivationPredicate(format: format, arguments: shape)
            } catch {
                findings.diagnostics.append(located(error, inFormat: nil, fallback: resolved))
                conditionValue = .unresolved(resolved.oneLine)
                break
            }
            var seen: Set<String> = []
            let declared = values.filter {
                seen.insert($0.name).inserted && !SessionValue.builtInNames.contains($0.name)
            }
            .map { SessionValue(name: $0.name, expression: $0.expression.oneLine, source: location($0.expression)) }
            let template = ConditionTemplate(format: format, arguments: arguments, source: source)
            // A format that uses no value after all (an unterminated literal, say) is a plain predicate.
            if template.valueNames.isEmpty, let plain = try? template.predicate(with: [:]) {
                conditionValue = .predicate(plain)
                break
            }
            conditionValue = .template(template, values: declared)
        case .dynamic(let text):
            conditionValue = .unresolved(text)
        }
        findings.assignments.append(
            SourceFindings.ConditionAssignment(
                condition: condition, owner: enclosingType(of: node), value: conditionValue, source: source,
                branch: BranchCondition.around(node)))
    }

    /// A predicate error placed in the Swift file: at the character of the format literal it
    /// points to, with the Swift line and a caret under it.
    private func located(_ error: Diagnostic, inFormat literal: StringLiteralExprSyntax?, fallback: ExprSyntax)
        -> Diagnostic
    {
        var start = location(literal.map { Syntax($0) } ?? Syntax(fallback))
        if let literal, literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self),
            !segment.content.text.contains("\\"), let offset = error.excerpt?.offset
        {
            // The literal's text is the format string byte for byte: point inside it.
            start = location(segment)
            start.column += offset
        }
        var located = error
        located.file = findings.file
        located.line = start.line
        located.column = start.column
        if let format = error.excerpt?.text {
            located.notes = ["in the predicate format string \(JSONStringLiteral.quoted(format))"]
        }
        located.excerpt = Diagnostic.Excerpt(
            .line, text: sourceLine(start.line), offset: start.column - 1, length: error.excerpt?.length ?? 1)
        return located
    }

    /// The file's lines, split once when the first error needs one.
    private lazy var lines: [Substring] = {
        let text = tree.description
        return text[...].split(separator: "\n", omittingEmptySubsequences: false)
    }()

    private func sourceLine(_ number: Int) -> String {
        number >= 1 && number - 1 < lines.count ? String(lines[number - 1]) : ""
    }

    /// A predicate bound to a local constant is read from its binding (`let p = NSPredicate(…)`).
    private func resolvedPredicate(_ value: ExprSyntax) -> ExprSyntax {
        guard let reference = value.as(DeclReferenceExprSyntax.self),
            let initializer = localInitializer(of: reference.baseName.text, around: value)
        else { return value }
        return initializer
    }

    private func recordEmitted(_ value: ExprSyntax, carrier: EmittedIdentifier.Carrier?, at node: some SyntaxProtocol) {
        let emitted: EmittedIdentifier.Value =
            switch SourceString(value) {
            case .literal(let text): .identifier(text)
            case .pattern(let prefix, let suffix):
                EmittedTemplates.template(of: value).map { .template($0) } ?? .pattern(prefix: prefix, suffix: suffix)
            case .dynamic(let text): .dynamic(text)
            }
        // A value alone is the emitting window's own only if its declaration lists it; the
        // assembler decides, knowing the declaration.
        if case .dynamic = emitted, let value = WindowValues.value(of: value) {
            findings.emittedValueNames[findings.emitted.count] = value.name
        }
        if let owner = enclosingType(of: node) { findings.emittedOwners[findings.emitted.count] = owner }
        findings.emitted.append(EmittedIdentifier(emitted, carrier: carrier, source: location(node)))
    }

    /// What carries an assigned `targetContentIdentifier`: the type a local variable is
    /// created as or declared with, when the code says.
    private func carrier(of base: ExprSyntax?) -> EmittedIdentifier.Carrier? {
        guard let reference = base?.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        if name == "$0", let carrier = thenReceiverCarrier(around: reference) { return carrier }
        if let declared = localDeclaredType(of: name, around: reference) ?? parameterType(of: name, around: reference),
            let carrier = carrier(ofType: declared)
        {
            return carrier
        }
        if let initializer = localInitializer(of: name, around: reference),
            let call = initializer.as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return carrier(ofType: type)
        }
        return nil
    }

    /// A carrier type, or a class of this file that inherits from one (`ViewActivity: NSUserActivity`).
    private func carrier(ofType type: String) -> EmittedIdentifier.Carrier? {
        var current = type.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            if let carrier = Self.carriers[current] { return carrier }
            guard let parent = findings.superclasses[current] else { return nil }
            current = parent
        }
        return nil
    }

    /// The declared type of a parameter `name` of the function around `node`.
    private func parameterType(of name: String, around node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) {
                for parameter in function.signature.parameterClause.parameters
                where (parameter.secondName ?? parameter.firstName).text == name {
                    return parameter.type.trimmedDescription
                }
                return nil
            }
            current = syntax.parent
        }
        return nil
    }

    /// `NSUserActivity(activityType: "…").then { $0.targetContentIdentifier = … }`: what the
    /// closure's receiver is made as.
    private func thenReceiverCarrier(around node: some SyntaxProtocol) -> EmittedIdentifier.Carrier? {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self) {
                guard let call = closure.parent?.as(FunctionCallExprSyntax.self),
                    let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    ["then", "with", "apply"].contains(member.declName.baseName.text),
                    let receiver = member.base?.as(FunctionCallExprSyntax.self),
                    let type = receiver.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                else { return nil }
                return carrier(ofType: type)
            }
            current = syntax.parent
        }
        return nil
    }

    /// The initializer of `let name = …` / `var name = …` in a code block around `node`.
    private func localInitializer(of name: String, around node: some SyntaxProtocol) -> ExprSyntax? {
        localBinding(of: name, around: node)?.initializer?.value
    }

    private func localDeclaredType(of name: String, around node: some SyntaxProtocol) -> String? {
        localBinding(of: name, around: node)?.typeAnnotation?.type.trimmedDescription
    }

    private func localBinding(of name: String, around node: some SyntaxProtocol) -> PatternBindingSyntax? {
        var current: Syntax? = Syntax(node)
        while let syntax = current {
            if let block = syntax.as(CodeBlockItemListSyntax.self), let binding = bindings(in: block)[name] {
                return binding
            }
            current = syntax.parent
        }
        return nil
    }

    /// The first binding of each name a block declares, gathered once per block: a block of
    /// thousands of assignments is not searched again for each.
    private var bindingsByBlock: [SyntaxIdentifier: [String: PatternBindingSyntax]] = [:]

    private func bindings(in block: CodeBlockItemListSyntax) -> [String: PatternBindingSyntax] {
        if let known = bindingsByBlock[block.id] { return known }
        var found: [String: PatternBindingSyntax] = [:]
        for item in block {
            guard let declaration = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in declaration.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, found[name] == nil {
                    found[name] = binding
                }
            }
        }
        bindingsByBlock[block.id] = found
        return found
    }

    /// The type (or extended type) whose body holds `node`.
    private func enclosingType(of node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let syntax = current {
            if let type = syntax.as(ClassDeclSyntax.self) { return type.name.text }
            if let type = syntax.as(StructDeclSyntax.self) { return type.name.text }
            if let type = syntax.as(ActorDeclSyntax.self) { return type.name.text }
            if let type = syntax.as(EnumDeclSyntax.self) { return type.name.text }
            if let type = syntax.as(ExtensionDeclSyntax.self) { return type.extendedType.trimmedDescription }
            current = syntax.parent
        }
        return nil
    }

    // MARK: Payload literals

    /// `["aps": ["target-content-id": …]]` in a dictionary literal.
    override func visit(_ node: DictionaryExprSyntax) -> SyntaxVisitorContinueKind {
        guard case .elements(let elements) = node.content else { return .visitChildren }
        for element in elements {
            guard case .literal("aps") = SourceString(element.key),
                let aps = element.value.as(DictionaryExprSyntax.self), case .elements(let apsElements) = aps.content
            else { continue }
            for apsElement in apsElements {
                if case .literal("target-content-id") = SourceString(apsElement.key) {
                    recordEmitted(apsElement.value, carrier: .payload, at: apsElement.value)
                }
            }
        }
        return .visitChildren
    }

    /// A JSON payload written as a string literal.
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard let text = node.representedLiteralValue, text.contains("target-content-id"), text.contains("{") else {
            return .skipChildren
        }
        // Read as routing reads a notification's payload; text that is not one is not a payload.
        if case .notification(let identifier)? = try? ExternalEvent.notification(payload: Data(text.utf8)) {
            findings.emitted.append(
                EmittedIdentifier(
                    identifier.map(EmittedIdentifier.Value.identifier) ?? .dynamic("null"), carrier: .payload,
                    source: location(node)))
        }
        return .skipChildren
    }

    // MARK: Constants

    /// `let name = "literal"` outside a function (a stored or static property, a global): a
    /// value a condition may read by name, the same in every window.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.bindingSpecifier.tokenKind == .keyword(.let), !isInsideFunction(node) else { return .visitChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            else { continue }
            if let flag = value.as(BooleanLiteralExprSyntax.self) {
                let isTrue = flag.literal.tokenKind == .keyword(.true)
                findings.booleanConstants[name] = isTrue
                if let type = enclosingType(of: node) { findings.booleanConstants[type + "." + name] = isTrue }
                continue
            }
            if let url = SourceString.urlConstructor(value) {
                // `static let main = URL(string: "x-app://main")!`, read as `main.absoluteString`.
                findings.constants[name + ".absoluteString"] = url
                if let type = enclosingType(of: node) {
                    findings.constants[type + "." + name + ".absoluteString"] = url
                }
                continue
            }
            if let read = WindowValues.template(of: value), !read.values.isEmpty,
                read.values.allSatisfy({ $0.name == "bundleIdentifier" })
            {
                findings.templateConstants[name] = read.template
                if let type = enclosingType(of: node) { findings.templateConstants[type + "." + name] = read.template }
                continue
            }
            guard case .literal(let text) = SourceString(value) else { continue }
            findings.constants[name] = text
            if let type = enclosingType(of: node) { findings.constants[type + "." + name] = text }
        }
        return .visitChildren
    }

    private func isInsideFunction(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(ClosureExprSyntax.self)
                || syntax.is(AccessorBlockSyntax.self)
                || syntax.is(InitializerDeclSyntax.self)
            {
                return true
            }
            if syntax.is(MemberBlockSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }

    // MARK: The app delegate's choice of a new scene

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let finding = NewSceneChoiceReader.read(
            node, configuration: configuration, locate: { [unowned self] in location($0) })
        {
            findings.newSceneChoices.append(finding)
        }
        return .visitChildren
    }

    // MARK: Enumerations

    /// `enum SceneActivity: String { case main = "com.example.main" }` and a computed
    /// `var activityIdentifier: String { switch self { case .main: return "…" } }`: each case's
    /// string is a constant, `SceneActivity.main.rawValue`, `SceneActivity.main.activityIdentifier`.
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let type = node.name.text
        let isString =
            node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "String" } == true
        for member in node.memberBlock.members {
            if isString, let cases = member.decl.as(EnumCaseDeclSyntax.self) {
                for element in cases.elements {
                    var raw = element.name.text
                    if let value = element.rawValue?.value {
                        guard case .literal(let text) = SourceString(value) else { continue }
                        raw = text
                    }
                    findings.constants["\(type).\(element.name.text).rawValue"] = raw
                }
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                binding.typeAnnotation?.type.trimmedDescription == "String", let accessor = binding.accessorBlock
            else { continue }
            let statements: CodeBlockItemListSyntax
            switch accessor.accessors {
            case .getter(let body): statements = body
            case .accessors(let list):
                guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                    let body = getter.body
                else { continue }
                statements = body.statements
            }
            guard statements.count == 1, let item = statements.first else { continue }
            let switchNode =
                item.item.as(SwitchExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(
                    SwitchExprSyntax.self)
                ?? item.item.as(ReturnStmtSyntax.self)?.expression?.as(SwitchExprSyntax.self)
            guard let switchNode, switchNode.subject.trimmedDescription == "self" else { continue }
            for element in switchNode.cases {
                guard case .switchCase(let switchCase) = element, case .case(let label) = switchCase.label,
                    switchCase.statements.count == 1, let only = switchCase.statements.first
                else { continue }
                let returned =
                    only.item.as(ReturnStmtSyntax.self)?.expression ?? only.item.as(ExprSyntax.self)
                    ?? only.item.as(ExpressionStmtSyntax.self)?.expression
                guard let returned, case .literal(let text) = SourceString(returned) else { continue }
                for item in label.caseItems {
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                        let caseName = pattern.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    else { continue }
                    findings.constants["\(type).\(caseName).\(name)"] = text
                }
            }
        }
        return .visitChildren
    }

    // MARK: Classes

    /// `class MainSceneDelegate: BaseSceneDelegate`: a scene delegate inherits the conditions
    /// its superclass sets.
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.inheritanceClause?.inheritedTypes.first {
            findings.superclasses[node.name.text] = ImportAssembler.typeName(first.type.trimmedDescription)
        }
        return .visitChildren
    }

    // MARK: SwiftUI

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        if inherited.contains(where: { ["App", "SwiftUI.App"].contains($0) }) { findings.declaresApp = true }
        if inherited.contains(where: { ["View", "SwiftUI.View"].contains($0) }) {
            findings.viewChildren[node.name.text] = ViewTypeCollector.types(
                in: node.memberBlock, configuration: configuration)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self),
            let role = Self.sceneTypes[callee.baseName.text],
            isInsideApp(node)
        {
            recordScene(node, kind: callee.baseName.text, role: role)
        }
        if let url = openedURL(node) { recordEmitted(url, carrier: .url, at: url) }
        return .visitChildren
    }

    /// The URL a call opens: `openURL(url)` (SwiftUI's action), `Link("…", destination: url)`,
    /// `UIApplication.shared.open(url)`, `scene.open(url, options:)`. A URL built from a
    /// string, `URL(string: "…")!`, stands for that string.
    private func openedURL(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        let argument: ExprSyntax?
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            switch callee {
            case "openURL": argument = call.arguments.first?.expression
            case "Link": argument = call.arguments.first { $0.label?.text == "destination" }?.expression
            default: argument = nil
            }
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "open",
            let base = member.base?.trimmedDescription,
            base == "UIApplication.shared" || base.hasSuffix("scene") || base == "openURL",
            let first = call.arguments.first, first.label == nil
        {
            argument = first.expression
        } else {
            argument = nil
        }
        guard let argument else { return nil }
        var url = argument
        if let forced = url.as(ForceUnwrapExprSyntax.self) { url = forced.expression }
        // `URL(string: "…")`: the string is what routes.
        if let constructed = url.as(FunctionCallExprSyntax.self),
            constructed.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "URL",
            let string = constructed.arguments.first(where: { $0.label?.text == "string" })?.expression
        {
            return string
        }
        return argument
    }

    /// Modifiers after their base: `WindowGroup { … }.handlesExternalEvents(matching:)`
    /// contains the scene it modifies, which is recorded only once visited.
    override func visitPost(_ node: FunctionCallExprSyntax) {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "handlesExternalEvents"
        {
            recordHandlesExternalEvents(node, member: member)
        }
    }

    private func isInsideApp(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let type = syntax.as(StructDeclSyntax.self) {
                return type.inheritanceClause?.inheritedTypes.contains {
                    ["App", "SwiftUI.App"].contains($0.type.trimmedDescription)
                } == true
            }
            current = syntax.parent
        }
        return false
    }

    private func recordScene(_ call: FunctionCallExprSyntax, kind: String, role: SessionRole) {
        var id: String?
        var title: String?
        for argument in call.arguments {
            switch (argument.label?.text, SourceString(argument.expression)) {
            case ("id", .literal(let text)): id = text
            case (nil, .literal(let text)) where title == nil: title = text
            default: break
            }
        }
        var views: [String] = []
        let closures = ([call.trailingClosure] + call.arguments.map { $0.expression.as(ClosureExprSyntax.self) })
            .compactMap { $0 }
        for closure in closures {
            for view in ViewTypeCollector.types(in: closure, configuration: configuration) where !views.contains(view) {
                views.append(view)
            }
        }
        sceneIndex[call.position] = findings.scenes.count
        findings.scenes.append(
            SourceFindings.Scene(
                kind: kind, id: id, title: title, contentViews: views, matching: nil, matchingSource: nil,
                conditions: nil, role: role,
                source: location(call)))
    }

    private func recordHandlesExternalEvents(_ call: FunctionCallExprSyntax, member: MemberAccessExprSyntax) {
        let labels = call.arguments.map { $0.label?.text }
        let base = member.base
        // The modifier's own name: the call itself starts where the expression it modifies does.
        let source = location(member.declName)
        if labels == ["matching"], let argument = call.arguments.first {
            // The scene it modifies: down the chain of modifiers to the constructor.
            var current = base
            while let expression = current, let modifier = expression.as(FunctionCallExprSyntax.self),
                let member = modifier.calledExpression.as(MemberAccessExprSyntax.self)
            {
                current = member.base
            }
            guard let sceneCall = current?.as(FunctionCallExprSyntax.self), let index = sceneIndex[sceneCall.position]
            else {
                findings.diagnostics.append(
                    Diagnostic(
                        severity: .warning,
                        message:
                            "handlesExternalEvents(matching:) on something that is not a scene the import recognises",
                        file: source.file, line: source.line, column: source.column))
                return
            }
            findings.scenes[index].matching = setCondition(argument.expression, at: source)
            findings.scenes[index].matchingSource = source
        } else if labels == ["preferring", "allowing"] {
            let arguments = Array(call.arguments)
            let conditions = SourceFindings.ViewConditions(
                preferring: setCondition(arguments[0].expression, at: source),
                allowing: setCondition(arguments[1].expression, at: source),
                owner: nil, source: source)
            if let scene = enclosingSceneIndex(of: call) {
                findings.scenes[scene].conditions = conditions
            } else {
                var owned = conditions
                owned.owner = enclosingType(of: call)
                findings.viewConditions.append(owned)
            }
        }
    }

    private func setCondition(_ expression: ExprSyntax, at source: SceneRouting.SourceLocation)
        -> SourceFindings.ConditionValue
    {
        let set = SourceStringSet(expression)
        guard let members = set.members else {
            // `[windowID]`, `Set(["doc/\(document.id)"])`: members read from the window's values.
            guard let elements = SourceStringSet.elements(expression) else { return .unresolved(set.text) }
            var templates: [ValueTemplate] = []
            var values: [(name: String, expression: ExprSyntax)] = []
            for element in elements {
                guard let read = WindowValues.template(of: element) else { return .unresolved(set.text) }
                templates.append(read.template)
                values += read.values
            }
            var seen: Set<String> = []
            let declared = values.filter {
                seen.insert($0.name).inserted && !SessionValue.builtInNames.contains($0.name)
            }
            .map { SessionValue(name: $0.name, expression: $0.expression.oneLine, source: location($0.expression)) }
            let template = ConditionTemplate(swiftUISet: templates, source: source)
            if template.valueNames.isEmpty, let plain = try? template.predicate(with: [:]) { return .predicate(plain) }
            return .template(template, values: declared)
        }
        return .predicate(ActivationPredicate(swiftUISet: members).located(at: source))
    }

    /// The scene whose content closure holds `node`, if any.
    private func enclosingSceneIndex(of node: some SyntaxProtocol) -> Int? {
        var current = node.parent
        while let syntax = current {
            if let call = syntax.as(FunctionCallExprSyntax.self), let index = sceneIndex[call.position] { return index }
            current = syntax.parent
        }
        return nil
    }
}

/// The view types a scene's content constructs (in the code the build compiles):
/// capitalised names called as functions.
private final class ViewTypeCollector: ActiveSyntaxVisitor {
    private var types: [String] = []

    static func types(in node: some SyntaxProtocol, configuration: AppBuildConfiguration) -> [String] {
        let collector = ViewTypeCollector(viewMode: .sourceAccurate, configuration: configuration)
        collector.walk(node)
        return collector.types
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name.first?.isUppercase == true,
            !types.contains(name)
        {
            types.append(name)
        }
        return .visitChildren
    }
}
