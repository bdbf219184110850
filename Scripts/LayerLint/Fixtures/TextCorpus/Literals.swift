import Foundation

/// Shows "The main menu" to a person; doc comments are no text to translate.
struct Menu {
  let title = "Main menu"  // finding
  let quit = "Quit"  // finding
  let heading = "USAGE:"  // finding
  let russian = "Подождите немного"  // finding
  let key = "menu.title"
  let option = "--json"
  let path = "/v1/supplies"
  let url = "https://example.org/supplies?id=1"
  let identifier = "CosmonautApp"
  let format = "%.1f km"
  let placeholders = "{count} {unit}"
  let interpolations = "\(1) \(2)"
  let short = "Ok"
  let total = "Total: \(count) items"  // finding
  let nested = "\(flag ? "Yes please" : "no")"  // finding
  let escaped = "Line one\nline two"  // finding
  let verbatim: LocalizedText = .verbatim("Some prose here")  // finding
  // print("Commented out code")
  /* print("Block comment") */
}
