import Foundation
import Testing

@testable import AppShell

@Suite struct DataDirectoryTests {
  #if !canImport(Darwin)
    @Test func usesXDGDataHomeWhenAbsolute() {
      let url = DataDirectory.defaultStateFile(environment: [
        "XDG_DATA_HOME": "/data", "HOME": "/home/u",
      ])
      #expect(url.path == "/data/AppShell/state.json")
    }

    @Test(arguments: [
      ["HOME": "/home/u"], ["XDG_DATA_HOME": "relative/dir", "HOME": "/home/u"],
      ["XDG_DATA_HOME": "", "HOME": "/home/u"],
    ])
    func fallsBackToLocalShareInHome(_ environment: [String: String]) {
      let url = DataDirectory.defaultStateFile(environment: environment)
      #expect(url.path == "/home/u/.local/share/AppShell/state.json")
    }
  #else
    @Test func usesApplicationSupport() {
      let url = DataDirectory.defaultStateFile(environment: [:])
      #expect(url.path.hasSuffix("Application Support/AppShell/state.json"))
    }
  #endif
}
