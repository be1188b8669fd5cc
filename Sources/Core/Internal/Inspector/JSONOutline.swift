/// The outline of a JSON document the framework's encoder wrote: where each value starts and
/// ends, and the keys and elements of objects and arrays, without decoding scalars. Two
/// outlines give the edits that turn one document into the other (``edits(from:to:)``), whose
/// values are the new document's own bytes.
///
/// Only well-formed JSON is outlined (what `JSONEncoder` writes); anything else gives `nil`.
struct JSONOutline {
  /// One value: its bytes are `document[range]`.
  struct Node {
    enum Kind {
      /// The keys as written (quoted JSON strings) and their values.
      case object([(key: ArraySlice<UInt8>, value: Node)])
      case array([Node])
      case scalar
    }

    var kind: Kind
    var range: Range<Int>
  }

  let document: [UInt8]
  let root: Node

  init?(_ document: [UInt8]) {
    self.document = document
    var parser = Parser(bytes: document)
    guard let root = parser.value(), parser.atEnd() else { return nil }
    self.root = root
  }

  /// The edits that make `old` into `new`, each a JSON array: `[0,path,value]` sets the value
  /// at `path` (an array of keys and indices), `[1,path]` removes an object's key, and
  /// `[2,path,count]` cuts an array to `count` elements. Unchanged values are not visited
  /// below their first differing byte.
  static func edits(from old: JSONOutline, to new: JSONOutline) -> [String] {
    var edits: [String] = []
    var path: [String] = []
    diff(old.root, new.root, old.document, new.document, path: &path, into: &edits)
    return edits
  }

  private static func diff(
    _ old: Node, _ new: Node, _ oldBytes: [UInt8], _ newBytes: [UInt8], path: inout [String],
    into edits: inout [String]
  ) {
    if oldBytes[old.range] == newBytes[new.range] { return }
    func pathText() -> String { "[" + path.joined(separator: ",") + "]" }
    switch (old.kind, new.kind) {
    case (.object(let oldMembers), .object(let newMembers)):
      var oldByKey: [ArraySlice<UInt8>: Node] = [:]
      for member in oldMembers { oldByKey[member.key] = member.value }
      var newKeys = Set<ArraySlice<UInt8>>()
      for member in newMembers {
        newKeys.insert(member.key)
        path.append(String(decoding: member.key, as: UTF8.self))
        if let oldValue = oldByKey[member.key] {
          diff(oldValue, member.value, oldBytes, newBytes, path: &path, into: &edits)
        } else {
          edits.append(
            "[0,\(pathText()),\(String(decoding: newBytes[member.value.range], as: UTF8.self))]")
        }
        path.removeLast()
      }
      for member in oldMembers where !newKeys.contains(member.key) {
        path.append(String(decoding: member.key, as: UTF8.self))
        edits.append("[1,\(pathText())]")
        path.removeLast()
      }
    case (.array(let oldElements), .array(let newElements)):
      for (index, element) in newElements.enumerated() {
        path.append(String(index))
        if index < oldElements.count {
          diff(oldElements[index], element, oldBytes, newBytes, path: &path, into: &edits)
        } else {
          edits.append(
            "[0,\(pathText()),\(String(decoding: newBytes[element.range], as: UTF8.self))]")
        }
        path.removeLast()
      }
      if oldElements.count > newElements.count {
        edits.append("[2,\(pathText()),\(newElements.count)]")
      }
    default:
      edits.append("[0,\(pathText()),\(String(decoding: newBytes[new.range], as: UTF8.self))]")
    }
  }

  /// A recursive-descent reader of well-formed JSON.
  private struct Parser {
    let bytes: [UInt8]
    var position = 0

    mutating func atEnd() -> Bool {
      skipSpace()
      return position == bytes.count
    }

    mutating func value() -> Node? {
      skipSpace()
      guard position < bytes.count else { return nil }
      let start = position
      switch bytes[position] {
      case UInt8(ascii: "{"):
        position += 1
        var members: [(key: ArraySlice<UInt8>, value: Node)] = []
        skipSpace()
        if peek(UInt8(ascii: "}")) { return Node(kind: .object([]), range: start..<position) }
        while true {
          skipSpace()
          let keyStart = position
          guard skipString() else { return nil }
          let key = bytes[keyStart..<position]
          skipSpace()
          guard peek(UInt8(ascii: ":")), let member = value() else { return nil }
          members.append((key, member))
          skipSpace()
          if peek(UInt8(ascii: ",")) { continue }
          guard peek(UInt8(ascii: "}")) else { return nil }
          return Node(kind: .object(members), range: start..<position)
        }
      case UInt8(ascii: "["):
        position += 1
        var elements: [Node] = []
        skipSpace()
        if peek(UInt8(ascii: "]")) { return Node(kind: .array([]), range: start..<position) }
        while true {
          guard let element = value() else { return nil }
          elements.append(element)
          skipSpace()
          if peek(UInt8(ascii: ",")) { continue }
          guard peek(UInt8(ascii: "]")) else { return nil }
          return Node(kind: .array(elements), range: start..<position)
        }
      case UInt8(ascii: "\""):
        guard skipString() else { return nil }
        return Node(kind: .scalar, range: start..<position)
      default:
        // A number, `true`, `false` or `null`: up to the next delimiter.
        while position < bytes.count,
          ![
            UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "),
            UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"),
          ].contains(bytes[position])
        {
          position += 1
        }
        return position > start ? Node(kind: .scalar, range: start..<position) : nil
      }
    }

    /// Moves past `byte` if it comes next.
    private mutating func peek(_ byte: UInt8) -> Bool {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    private mutating func skipString() -> Bool {
      guard peek(UInt8(ascii: "\"")) else { return false }
      while position < bytes.count {
        switch bytes[position] {
        case UInt8(ascii: "\\"): position += 2
        case UInt8(ascii: "\""):
          position += 1
          return true
        default: position += 1
        }
      }
      return false
    }

    private mutating func skipSpace() {
      while position < bytes.count,
        [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
          .contains(bytes[position])
      {
        position += 1
      }
    }
  }
}
