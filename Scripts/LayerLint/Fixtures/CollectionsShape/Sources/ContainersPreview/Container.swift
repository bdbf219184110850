#if UnstableContainersPreview
  // A default trait: every default build compiles this, and ContainersPreview does not declare the module.
  import InternalCollectionsUtilities
#endif

#if COLLECTIONS_SINGLE_MODULE
  // A flag the manifest never defines.
  import Collections
#endif

/// A container protocol preview.
public protocol Container {}
