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

  /// A name to move a file aside to with `stamp` (`prefix` ends with `.corrupt-`), taken by
  /// none of `existing`, and numbered after every one of them with that stamp, so that it
  /// sorts as the newest of its stamp even when an older name of that stamp was freed.
  static func fresh(prefix: String, stamp: String, existing: [String]) -> String {
    let taken = Set(existing)
    let last = existing.filter { $0.hasPrefix(prefix) }.map { Self(name: $0, prefix: prefix) }
      .filter { $0.stamp == stamp }.map(\.number).max()
    var number = last.map { $0 + 1 } ?? 1
    while true {
      let name = prefix + stamp + (number == 1 ? "" : "-\(number)")
      if !taken.contains(name) { return name }
      number += 1
    }
  }

  /// Which of `names` (those starting with `prefix`) to remove so that `count` are left,
  /// oldest first: never `kept`, the file just moved aside, which counts as one of them
  /// whatever its stamp (a clock set back gives it an older one).
  static func removable(
    _ names: [String], prefix: String, keeping count: Int, sparing kept: String
  ) -> [String] {
    let others = names.filter { $0.hasPrefix(prefix) && $0 != kept }
      .map { Self(name: $0, prefix: prefix) }.sorted()
    let keptOthers = names.contains(kept) ? max(0, count - 1) : max(0, count)
    return others.dropLast(keptOthers).map(\.name)
  }
}
