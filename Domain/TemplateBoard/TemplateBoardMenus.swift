import Localization
import UIComponents

/// The TemplateBoard screen's choices, in menu order.
enum TemplateBoardChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .back: Strings.menuBack
    }
  }
}
