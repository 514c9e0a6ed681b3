import SceneRouting

/// What one Swift file says about scenes, conditions and identifiers.
struct SourceFindings {
    /// `…activationConditions.canActivateForTargetContentIdentifierPredicate = …` (UIKit).
    struct ConditionAssignment {
        var condition: UnresolvedCondition.Condition
        /// The type whose code sets it (a scene delegate), if any.
        var owner: String?
        var value: ConditionValue
        var source: SourceLocation
        /// The branches around the assignment, when it is inside any.
        var branch: BranchCondition? = nil
    }

    /// A condition as the source states it.
    enum ConditionValue {
        case predicate(ActivationPredicate)
        /// Built from values each window has: a template, and where each value is read.
        case template(ConditionTemplate, values: [SessionValue])
        /// Not readable without running the app: the expression as written.
        case unresolved(String)
    }

    /// A scene in an `App`'s body, in source order.
    struct Scene {
        /// `WindowGroup`, `Window`, `DocumentGroup`, …
        var kind: String
        var id: String?
        var title: String?
        /// View types its content constructs, first the outermost.
        var contentViews: [String]
        /// `.handlesExternalEvents(matching:)`, if present.
        var matching: ConditionValue?
        /// Where that modifier is.
        var matchingSource: SourceLocation?
        /// Conditions stated by `.handlesExternalEvents(preferring:allowing:)` inside its content.
        var conditions: ViewConditions?
        var role: SessionRole
        var source: SourceLocation
    }

    /// `.handlesExternalEvents(preferring:allowing:)` on a view.
    struct ViewConditions {
        var preferring: ConditionValue
        var allowing: ConditionValue
        /// The view type whose body states them; nil inside a scene's content.
        var owner: String?
        var source: SourceLocation
    }

    var file: String
    var assignments: [ConditionAssignment] = []
    var scenes: [Scene] = []
    /// View conditions outside any scene's content, by the view that states them.
    var viewConditions: [ViewConditions] = []
    var emitted: [EmittedIdentifier] = []
    /// The type whose code emits each of ``emitted`` (by index), when inside one: the
    /// assembler names the declaration whose scene delegate it is.
    var emittedOwners: [Int: String] = [:]
    /// For each of ``emitted`` that is one value read as a window value would be
    /// (`session.userInfo?["windowUUID"] as? String`), its name: the identifier is that
    /// window's value when the emitting declaration lists it.
    var emittedValueNames: [Int: String] = [:]
    /// Syntax errors, invalid predicate format strings.
    var diagnostics: [Diagnostic] = []
    /// Whether the file declares a type conforming to `App`.
    var declaresApp = false
    /// The first inherited type of each class the file declares (its superclass, or a
    /// protocol: the assembler follows names it knows as classes).
    var superclasses: [String: String] = [:]
    /// String constants the file declares (`let mainSceneID = "com.example.main"`, a
    /// `static let` or a global), by name and by `Type.name`.
    var constants: [String: String] = [:]
    /// String constants built from the bundle identifier (`"\(Bundle.main.bundleIdentifier!).main"`),
    /// as templates, by name and by `Type.name`.
    var templateConstants: [String: ValueTemplate] = [:]
    /// Boolean constants (`private let restoresScenes = true`), by name and by `Type.name`.
    var booleanConstants: [String: Bool] = [:]
    /// For each `View` struct, the view types its code constructs (to link a view's
    /// conditions to the scenes that show it, however deep).
    var viewChildren: [String: [String]] = [:]
    /// The app delegate's `application(_:configurationForConnecting:options:)`, as read.
    var newSceneChoices: [NewSceneFinding] = []
}
