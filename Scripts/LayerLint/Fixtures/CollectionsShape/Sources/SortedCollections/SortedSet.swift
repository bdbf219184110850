#if UnstableSortedCollections
  // Off by default, yet a build may enable the trait: the dependency is no redundant one.
  import InternalCollectionsUtilities
#endif

#if SORTED_CHECKS
  // Defined only when UnstableSortedCollections is on (`.when(traits:)`).
  import SortedChecks
#endif

/// A sorted set.
public struct SortedSet {}
