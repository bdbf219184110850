import InternalCollectionsUtilities

#if UnstableSortedCollections
  // Off by default: a finding only with --traits UnstableSortedCollections (or UnstableAll, or all).
  import SortedCollections
#endif

#if !UnstableContainersPreview
  // Compiled only without the default traits (--disable-default-traits, or --traits that leave it out).
  import ContainersPreview
#endif

/// A double-ended queue.
public struct Deque {
  /// Its initial capacity.
  public let capacity = Utilities.capacity
}
