/// The name of a file moved aside, `<name>.corrupt-<stamp>[-<n>]`, ordered by age: by stamp,
/// then by number.
struct MovedAsideName: Comparable {
  let name: String
  let stamp: String
  let number: Int

  init(name: String, prefix: String) {
    self.name = name
    let parts = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
    stamp = String(parts.first ?? "")
    number = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.stamp, lhs.number) < (rhs.stamp, rhs.number)
  }
}
