/// Writes nodes as JSON text, as `JSONEncoder` writes them with sorted keys (`layout`).
struct JSONTextWriter {
  var bytes: [UInt8] = []
  /// One line, or a member or element a line (`JSONTextLayout`).
  private let readable: Bool
  /// How deep the value being written is, for the indentation of a readable layout.
  private var depth = 0

  init(layout: JSONTextLayout = .compact) {
    readable = layout == .readable
    bytes.reserveCapacity(256)
  }

  mutating func write(_ node: JSONNode) {
    switch node {
    case .null: append("null")
    case .bool(let value): append(value ? "true" : "false")
    case .int(let value): writeInteger(value)
    case .uint(let value): writeUnsigned(value)
    case .double(let value): writeNumberText(value.description)
    case .float(let value): writeNumberText(value.description)
    case .string(let value): writeString(value)
    case .verbatim(let value): append(value)
    case .object(let object): writeObject(object)
    case .array(let array):
      bytes.append(UInt8(ascii: "["))
      openLevel()
      var first = true
      for element in array.elements {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        startLine()
        write(element)
      }
      closeLevel(empty: first)
      bytes.append(UInt8(ascii: "]"))
    case .deferred(let encoder): write(encoder.node ?? .object(JSONObjectNode()))
    }
  }

  /// Members sorted by key as Swift strings compare; of a key encoded twice, the last value.
  mutating func writeObject(_ object: JSONObjectNode) {
    // Sorted in the node itself, which then holds its array alone: sorting a copy made the array
    // copy each member through the runtime's generic tuple copy. Sorting is stable, so a node
    // written again is written the same.
    if !isSorted(object.members) { sortMembers(&object.members) }
    let members = object.members
    bytes.append(UInt8(ascii: "{"))
    openLevel()
    var index = 0
    while index < members.count {
      // Of equal keys (adjacent once sorted, in the order they were encoded), the last one counts.
      var last = index
      while last + 1 < members.count, members[last + 1].key == members[index].key { last += 1 }
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      startLine()
      writeString(members[last].key)
      if readable { append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
      write(members[last].value)
      index = last + 1
    }
    closeLevel(empty: members.isEmpty)
    bytes.append(UInt8(ascii: "}"))
  }

  /// After an opening bracket: one level deeper.
  private mutating func openLevel() {
    if readable { depth += 1 }
  }

  /// Before a member or an element of a readable layout: a new line, indented to its depth.
  private mutating func startLine() {
    guard readable else { return }
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }

  /// Before a closing bracket: one level up, and in a readable layout the bracket on a line of its
  /// own (after an empty one when nothing was written in between, as `JSONEncoder` does).
  private mutating func closeLevel(empty: Bool) {
    guard readable else { return }
    depth -= 1
    if empty { bytes.append(UInt8(ascii: "\n")) }
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }

  private func isSorted(_ members: [(key: String, value: JSONNode)]) -> Bool {
    var index = 1
    while index < members.count {
      if members[index].key < members[index - 1].key { return false }
      index += 1
    }
    return true
  }

  /// A stable sort by key: equal keys keep the order they were encoded in.
  private func sortMembers(_ members: inout [(key: String, value: JSONNode)]) {
    // Insertion sort: objects have few members, and it is stable.
    if members.count <= 16 {
      var index = 1
      while index < members.count {
        let member = members[index]
        var slot = index
        while slot > 0, member.key < members[slot - 1].key {
          members[slot] = members[slot - 1]
          slot -= 1
        }
        members[slot] = member
        index += 1
      }
      return
    }
    let order = members.indices.sorted { left, right in
      let (a, b) = (members[left].key, members[right].key)
      return a < b || (a == b && left < right)
    }
    members = order.map { members[$0] }
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// A floating-point number's `description`, without a trailing `.0`, as `JSONEncoder` writes it.
  mutating func writeNumberText(_ text: String) {
    let utf8 = text.utf8
    if utf8.count >= 2, utf8.last == UInt8(ascii: "0"),
      utf8[utf8.index(utf8.endIndex, offsetBy: -2)] == UInt8(ascii: ".")
    {
      bytes.append(contentsOf: utf8.dropLast(2))
    } else {
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func writeInteger(_ value: Int64) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      writeUnsigned(value.magnitude)
    } else {
      writeUnsigned(UInt64(value))
    }
  }

  mutating func writeUnsigned(_ value: UInt64) {
    if value < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64.max's 20 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      var value = value
      var index = buffer.count
      while value > 0 {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
    }
  }

  /// `text` quoted and escaped as `JSONEncoder` escapes it: `"` `\` and (but in a readable layout)
  /// `/` with a backslash, the control characters as `\b \f \n \r \t` or `\u00xx`; everything
  /// else as its UTF-8.
  mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"),
          byte != UInt8(ascii: "/") || readable
        {
          index += 1
          continue
        }
        if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
          let hex: StaticString = "0123456789abcdef"
          bytes.append(UInt8(ascii: "u"))
          bytes.append(UInt8(ascii: "0"))
          bytes.append(UInt8(ascii: "0"))
          bytes.append(hex.utf8Start[Int(byte >> 4)])
          bytes.append(hex.utf8Start[Int(byte & 0xF)])
        }
        index += 1
        runStart = index
      }
      if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
