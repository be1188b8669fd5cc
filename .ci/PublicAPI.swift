// Writes the public API of modules, from their symbol graphs, as a Markdown page: one section a
// module, one line a declaration, sorted by name, so that a change to the API is a change to
// the page a reviewer reads.
//
//   swift .ci/PublicAPI.swift SYMBOL_GRAPH_DIR MODULE...
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: PublicAPI.swift SYMBOL_GRAPH_DIR MODULE...\n".utf8))
  exit(2)
}
let directory = URL(fileURLWithPath: arguments[0])

/// The declarations of one symbol graph file: `Store.send(_:)` and its declaration, one line.
func declarations(in url: URL) -> [(path: String, declaration: String)] {
  guard let data = try? Data(contentsOf: url),
    let graph = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
    let symbols = graph["symbols"] as? [[String: Any]]
  else { return [] }
  var lines: [(String, String)] = []
  for symbol in symbols {
    let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
    // Members a protocol's extension gives every conformer (`!=`) are the protocol's API.
    if identifier.contains("::SYNTHESIZED::") { continue }
    let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
    let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
    let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
      .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    // Where an extension's constraints limit the member: `where State : Sendable`.
    let constraints =
      ((symbol["swiftExtension"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? [])
      .compactMap { constraint -> String? in
        guard let lhs = constraint["lhs"] as? String, let rhs = constraint["rhs"] as? String
        else { return nil }
        return constraint["kind"] as? String == "sameType" ? "\(lhs) == \(rhs)" : "\(lhs): \(rhs)"
      }
    lines.append(
      (path, constraints.isEmpty
        ? declaration : "\(declaration) where \(constraints.joined(separator: ", "))"))
  }
  return lines
}

var page = """
  # Public API

  Every public declaration of the library products, by module, as the compiler sees it: made
  by `.ci/public-api` from the modules' symbol graphs, and checked by CI, so a change to the
  public API shows here in the same commit. What changed between versions, and how to migrate,
  is in [CHANGELOG.md](../CHANGELOG.md).

  """
for module in arguments.dropFirst() {
  var lines: [(path: String, declaration: String)] = []
  let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  for file in files.sorted()
  where file == "\(module).symbols.json" || file.hasPrefix("\(module)@") {
    let extended = file.hasPrefix("\(module)@")
      ? String(file.dropFirst(module.count + 1).dropLast(".symbols.json".count)) : nil
    for line in declarations(in: directory.appendingPathComponent(file)) {
      lines.append((extended.map { "\($0): \(line.path)" } ?? line.path, line.declaration))
    }
  }
  lines.sort { ($0.path, $0.declaration) < ($1.path, $1.declaration) }
  page += "\n## \(module)\n\n\(lines.count) declarations.\n\n```text\n"
  for line in lines { page += "\(line.path)\n    \(line.declaration)\n" }
  page += "```\n"
}
print(page, terminator: "")
