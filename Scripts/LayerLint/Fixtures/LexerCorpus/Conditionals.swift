// corpus-flags: -DFEATURE -DSECOND
#if FEATURE
import UnderFeature
#endif
#if NOT_DEFINED
import UnderUndefinedFlag
#elseif FEATURE && !NOT_DEFINED
import UnderElseif
#else
import UnderElse
#endif
#if false
import UnderFalse
#elseif true
import UnderTrue
#endif
#if os(Linux)
import OnLinux
#elseif os(macOS)
import OnMac
#else
import OnOther
#endif
#if canImport(Foundation)
import WhenFoundation
#endif
#if canImport(NoSuchModuleAnywhere)
import WhenNoSuchModule
#endif
#if compiler(>=5.9) && !compiler(<5.0)
import WithNewCompiler
#endif
#if DEBUG
import InDebug
#else
import InRelease
#endif
#if FEATURE // a trailing comment
  #if SECOND
import NestedBoth
  #else
import NestedFirstOnly
  #endif
#endif
#if (FEATURE ||
  NOT_DEFINED)
import AcrossLines
#endif
#if FEATURE /* inline */ && (SECOND || NOT_DEFINED)
import WithInlineComment
#endif
#if arch(x86_64) || arch(arm64) || arch(i386) || arch(arm)
import OnKnownArchitecture
#endif
