// Sorts the breaking changes `swift package diagnose-api-breaking-changes` reported into those
// CHANGELOG.md lists, those it does not, and those of declarations users cannot name.
//
//   swift .ci/APIBreaks.swift REPORT BASELINE_DIR CHANGELOG
//
// REPORT is the tool's output; BASELINE_DIR holds the release's API as the tool dumped it (one
// Module.json a module). The tool reports `package` and `@usableFromInline internal`
// declarations too (other modules of the package, and inlined code, use them), but no user's
// code can: their changes are printed and not held against the release. Any other break must
// be named, in backticks, in the `### Breaking` part of CHANGELOG.md's `## [Unreleased]`
// section. Exits with 1 when one is not.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: APIBreaks.swift REPORT BASELINE_DIR CHANGELOG\n".utf8))
  exit(2)
}
let (reportPath, baselineDirectory, changelogPath) = (
  arguments[arguments.startIndex], arguments[arguments.startIndex + 1],
  arguments[arguments.startIndex + 2]
)

/// The qualified names (`Effect.merge(with:)`, `Recording.steps.Get()`) of a module's
/// declarations that users cannot name.
func nonPublicNames(inModule module: String) -> Set<String> {
  let url = URL(fileURLWithPath: baselineDirectory).appendingPathComponent("\(module).json")
  guard let data = try? Data(contentsOf: url),
    let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
    let abiRoot = root["ABIRoot"] as? [String: Any]
  else { return [] }
  var names: Set<String> = []
  func walk(_ node: [String: Any], prefix: String, hidden: Bool) {
    let kind = node["kind"] as? String ?? ""
    let isDeclaration = kind != "Root" && node["declKind"] != nil
    let hidden = hidden || (node["isInternal"] as? Bool ?? false)
    var prefix = prefix
    if isDeclaration, let name = node["printedName"] as? String {
      prefix = prefix.isEmpty ? name : "\(prefix).\(name)"
      if hidden { names.insert(prefix) }
    }
    let children =
      (node["children"] as? [[String: Any]] ?? []) + (node["accessors"] as? [[String: Any]] ?? [])
    for child in children { walk(child, prefix: prefix, hidden: hidden) }
  }
  walk(abiRoot, prefix: "", hidden: false)
  return names
}

/// The `### Breaking` part of the Unreleased section.
func listedBreaks() -> String {
  guard let text = try? String(contentsOfFile: changelogPath, encoding: .utf8) else {
    FileHandle.standardError.write(Data("APIBreaks: cannot read \(changelogPath)\n".utf8))
    exit(2)
  }
  var isUnreleased = false
  var isBreaking = false
  var listed: [Substring] = []
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("## ") {
      isUnreleased = line.hasPrefix("## [Unreleased]")
      isBreaking = false
    } else if isUnreleased, line.hasPrefix("### ") {
      isBreaking = line.hasPrefix("### Breaking")
    } else if isUnreleased, isBreaking {
      listed.append(line)
    }
  }
  return listed.joined(separator: "\n")
}

guard let report = try? String(contentsOfFile: reportPath, encoding: .utf8) else {
  FileHandle.standardError.write(Data("APIBreaks: cannot read \(reportPath)\n".utf8))
  exit(2)
}
let listed = listedBreaks()
var module = ""
var hiddenNames: [String: Set<String>] = [:]
var unlisted = 0
for line in report.split(separator: "\n") {
  // "3 breaking changes detected in Core:" starts a module's list.
  if let range = line.range(of: " detected in "), line.hasSuffix(":") {
    module = String(line[range.upperBound...].dropLast())
    continue
  }
  guard let marker = line.range(of: "API breakage: ") else { continue }
  let message = line[marker.upperBound...]
  // "func Effect.merge(with:) has been renamed to ...": the declaration is the second word.
  let words = message.split(separator: " ")
  guard words.count >= 2 else { continue }
  let declaration = String(words[1])
  if hiddenNames[module] == nil { hiddenNames[module] = nonPublicNames(inModule: module) }
  // A new case of a package enum has no baseline entry of its own: its enum's counts.
  let parts = declaration.split(separator: ".", omittingEmptySubsequences: false)
  let enclosing = (1...parts.count).map { parts.prefix($0).joined(separator: ".") }
  if enclosing.contains(where: hiddenNames[module]!.contains) {
    print("not API:  \(module): \(message)  (package or @usableFromInline internal)")
    continue
  }
  // An accessor's break (`Recording.steps.Get()`) is listed under its property.
  var name = declaration
  for accessor in [".Get()", ".Set()", ".Modify()", ".Read()", "._modify()", "._read()"]
  where name.hasSuffix(accessor) {
    name.removeLast(accessor.count)
  }
  if listed.contains("`\(name)`") {
    print("listed:   \(module): \(message)")
  } else {
    print("UNLISTED: \(module): \(message)")
    unlisted += 1
  }
}
exit(unlisted == 0 ? 0 : 1)
