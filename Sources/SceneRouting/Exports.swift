// The predicate error and argument types are part of SceneRouting's API; the rest of the
// syntax module stays internal to the package.
@_exported public import struct PredicateSyntax.Diagnostic
@_exported public import enum PredicateSyntax.PredicateArgument
