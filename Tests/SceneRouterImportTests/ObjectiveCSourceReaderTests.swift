import SceneRouting
import Testing

@testable import SceneRouterImport

/// The Objective-C forms the import reads, and the warning for each one it does not.
@Suite struct ObjectiveCSourceReaderTests {
    func read(_ code: String) -> SourceFindings {
        ObjectiveCSourceReader.read(code, file: "Delegate.m")
    }

    func format(_ value: SourceFindings.ConditionValue) -> String? {
        if case .predicate(let predicate) = value { return predicate.format }
        return nil
    }

    @Test func conditionsInEveryCommonForm() throws {
        let findings = read(
            """
            #import <UIKit/UIKit.h>
            #define PREFIX @"ignored"
            @implementation LDGDetailSceneDelegate
            - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
                // conditions.canActivateForTargetContentIdentifierPredicate = nil; (a comment)
                scene.activationConditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:NO];
                NSPredicate *mine = [NSPredicate predicateWithFormat:@"SELF IN %@ OR SELF == %@", @[@"a", @"b"], @"c"];
                [scene.activationConditions setPrefersToActivateForTargetContentIdentifierPredicate:mine];
            }
            @end
            @implementation LDGOther
            - (void)configure:(UISceneActivationConditions *)conditions {
                conditions.canActivateForTargetContentIdentifierPredicate =
                    [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@" argumentArray:@[@"x."]];
                conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF IN %@", [NSSet setWithObjects:@"p", @"q", nil]];
            }
            @end
            """)
        #expect(findings.diagnostics.isEmpty, "\(findings.diagnostics)")
        #expect(
            findings.assignments.map(\.owner) == [
                "LDGDetailSceneDelegate", "LDGDetailSceneDelegate", "LDGOther", "LDGOther",
            ])
        #expect(
            findings.assignments.map(\.condition) == [
                .canActivate, .prefersToActivate, .canActivate, .prefersToActivate,
            ])
        #expect(
            findings.assignments.map { format($0.value) } == [
                "FALSEPREDICATE", "SELF IN %@ OR SELF == %@", "SELF BEGINSWITH %@", "SELF IN %@",
            ])
        #expect(findings.assignments[0].source == SourceLocation(file: "Delegate.m", line: 6, column: 5))
        guard case .predicate(let mine) = findings.assignments[1].value else {
            Issue.record("the second assignment is not a predicate: \(findings.assignments[1].value)")
            return
        }
        #expect(mine.evaluate("b") && mine.evaluate("c") && !mine.evaluate("d"))
        guard case .predicate(let set) = findings.assignments[3].value else {
            Issue.record("the fourth assignment is not a predicate: \(findings.assignments[3].value)")
            return
        }
        #expect(set.evaluate("q") && !set.evaluate("nil"))
    }

    @Test func computedConditionsAreUnresolvedWithTheirExpression() {
        let findings = read(
            """
            @implementation LDGAccountSceneDelegate
            - (void)configure {
                NSPredicate *own = [NSPredicate predicateWithFormat:@"SELF == %@", self.accountIdentifier];
                self.conditions.prefersToActivateForTargetContentIdentifierPredicate = own;
            }
            @end
            """)
        guard case .unresolved(let text) = findings.assignments.first?.value else {
            Issue.record("expected an unresolved condition")
            return
        }
        #expect(text == #"[NSPredicate predicateWithFormat:@"SELF == %@", self.accountIdentifier]"#)
    }

    @Test func anInvalidFormatIsAnErrorInsideTheLiteral() throws {
        let findings = read(
            """
            @implementation D
            - (void)f { c.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH"]; }
            @end
            """)
        let error = try #require(findings.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.file == "Delegate.m" && error.line == 2)
        #expect(error.excerpt?.text.contains("predicateWithFormat") == true)
    }

    @Test func emittedIdentifiersAndTheirCarriers() {
        let findings = read(
            """
            @implementation R
            + (void)remind:(NSString *)account {
                UNMutableNotificationContent *content = [[UNMutableNotificationContent alloc] init];
                content.targetContentIdentifier = [NSString stringWithFormat:@"ledger.account.%@/summary", account];
                UIMutableApplicationShortcutItem *item = [[UIMutableApplicationShortcutItem alloc] initWithType:@"t" localizedTitle:@"T"];
                [item setTargetContentIdentifier:@"ledger.report"];
                NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"a"];
                activity.targetContentIdentifier = self.identifier;
                NSDictionary *payload = @{@"aps": @{@"target-content-id": @"ledger.push"}};
                NSLog(@"%@", response.notification.request.content.targetContentIdentifier);
            }
            @end
            """)
        #expect(
            findings.emitted.map(\.value) == [
                .pattern(prefix: "ledger.account.", suffix: "/summary"), .identifier("ledger.report"),
                .dynamic("self.identifier"),
                .identifier("ledger.push"),
            ])
        #expect(findings.emitted.map(\.carrier) == [.notification, .shortcut, .userActivity, .payload])
        // Reading the identifier of an event that arrived is neither emitting nor unread.
        #expect(findings.diagnostics.isEmpty)
    }

    @Test func whatIsNotReadIsAWarningAtItsLine() {
        let findings = read(
            """
            @implementation LDGReportSceneDelegate
            - (void)f {
                [scene.activationConditions setValue:[NSPredicate predicateWithValue:NO]
                                              forKey:@"prefersToActivateForTargetContentIdentifierPredicate"];
                objc_setProperty(self, _cmd, 0, canActivateForTargetContentIdentifierPredicate, NO, NO);
            }
            @end
            """)
        #expect(
            findings.diagnostics.map { "\($0.code?.rawValue ?? "") \($0.line ?? 0):\($0.column ?? 0)" } == [
                "unread-objective-c 4:42", "unread-objective-c 5:37",
            ])
        #expect(findings.diagnostics.allSatisfy { $0.severity == .warning && $0.file == "Delegate.m" })
    }

    @Test func tokensSurviveAnythingAndCountBytes() {
        let tokens = ObjectiveCLexer.tokens("é = @\"a\\\"b\" \"c\"; /* open")
        #expect(tokens.map(\.text) == ["é", "=", "a\"bc", ";"])
        #expect(tokens.map(\.column) == [1, 4, 6, 17])
        // Unterminated strings and comments, stray bytes: tokens, no crash.
        for text in ["@\"", "/*", "'", "#define X \\\n", "@", "\u{0}", String(repeating: "[", count: 10_000)] {
            _ = read(text)
        }
    }

    /// Token soups from the vocabulary the reader looks for, in every order: it reads or
    /// warns, and never traps on an index.
    @Test func randomStatementsNeverTrap() {
        let vocabulary = [
            "@", "implementation", "end", "[", "]", "(", ")", "{", "}", ";", ",", ":", "=", ".", "*", "-", "+",
            "NSPredicate",
            "predicateWithFormat", "predicateWithValue", "argumentArray", "NO", "nil", "@\"SELF == %@\"", "@\"x\"",
            "NSSet", "setWithObjects",
            "NSString", "stringWithFormat", "@\"a.%@.b\"", "canActivateForTargetContentIdentifierPredicate",
            "setPrefersToActivateForTargetContentIdentifierPredicate", "targetContentIdentifier",
            "setTargetContentIdentifier",
            "UNMutableNotificationContent", "content", "\"target-content-id\"", "@{",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            var words: [String] = []
            for _ in 0..<Int(state % 40) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                words.append(vocabulary[Int((state >> 33) % UInt64(vocabulary.count))])
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let findings = read(words.joined(separator: " "))
            #expect(findings.diagnostics.allSatisfy { $0.file == "Delegate.m" })
        }
    }
}
