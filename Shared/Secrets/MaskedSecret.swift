/// One secret as the binary keeps it: the value XORed with random bytes of its own length, both
/// stored as byte arrays, so the value never stands in the binary as text.
public struct MaskedSecret: Sendable {
  /// The value's UTF-8 bytes XORed with `mask`.
  let masked: [UInt8]
  /// Random bytes, none of them zero (a zero would leave its byte of the value as it is).
  let mask: [UInt8]

  /// A secret as generated: the masked bytes and their mask.
  public init(masked: [UInt8], mask: [UInt8]) {
    self.masked = masked
    self.mask = mask
  }

  /// The value. Never inlined and never optimised, so the compiler cannot fold it back into text.
  var revealed: String {
    Self.reveal(masked, mask)
  }

  @inline(never) @_optimize(none)
  private static func reveal(_ masked: [UInt8], _ mask: [UInt8]) -> String {
    var plain: [UInt8] = []
    plain.reserveCapacity(masked.count)
    for index in masked.indices where index < mask.count { plain.append(masked[index] ^ mask[index]) }
    return String(decoding: plain, as: UTF8.self)
  }
}
