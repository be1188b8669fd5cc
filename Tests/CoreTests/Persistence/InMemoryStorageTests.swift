import Foundation
import Testing

@testable import Core

/// The in-memory storage names files as the file system does: `dir/./x`, `dir//x`,
/// `dir/a/../x` and `dir/x` are one file.
@Suite struct InMemoryStorageTests {
  let spellings = ["/dir/x.json", "/dir/./x.json", "/dir//x.json", "/dir/a/../x.json"].map {
    URL(fileURLWithPath: $0)
  }

  @Test func aLockTakenThroughOneSpellingRefusesTheOthers() throws {
    let storage = InMemoryStorage()
    for held in spellings {
      let lock = try storage.lock(held)
      for other in spellings {
        #expect(throws: PersistenceError.inUse(other.path, pid: getpid())) {
          try storage.lock(other)
        }
      }
      withExtendedLifetime(lock) {}
    }
  }

  @Test func whatIsWrittenUnderOneSpellingIsReadUnderTheOthers() throws {
    let storage = InMemoryStorage()
    try storage.write(Data("written".utf8), to: spellings[3])
    for url in spellings {
      #expect(storage.data(at: url) == Data("written".utf8))
      #expect(try storage.read(at: url) == Data("written".utf8))
      #expect(try storage.exists(at: url))
      #expect(storage.writeCount(at: url) == 1)
    }
    #expect(storage.paths == ["/dir/x.json"])
    storage.setData(Data("set".utf8), at: spellings[1])
    #expect(storage.data(at: spellings[2]) == Data("set".utf8))
    storage.setData(nil, at: spellings[2])
    #expect(storage.paths.isEmpty)
  }

  @Test func aFileMovedAsideUnderOneSpellingIsMovedForAll() throws {
    let storage = InMemoryStorage()
    storage.setData(Data("old".utf8), at: spellings[1])
    let first = try storage.moveAside(spellings[2], stamp: "20250101T000000Z")
    #expect(first == "/dir/x.json.corrupt-20250101T000000Z")
    storage.setData(Data("bad".utf8), at: spellings[0])
    let second = try storage.moveAside(spellings[3], stamp: "20250102T000000Z")
    #expect(storage.data(at: spellings[0]) == nil)
    #expect(
      storage.removeMovedAside(
        from: spellings[1], keeping: 1, sparing: "/dir/./x.json.corrupt-20250102T000000Z")
        == [first])
    #expect(storage.paths == [second])
  }

  @Test func persistedStateOpenedThroughAnotherSpellingIsInUse() throws {
    let storage = InMemoryStorage()
    let first = try PersistedState.open(.preferences, at: spellings[0], storage: storage)
    first.save(Preferences(theme: "dark"))
    #expect(first.flush() == nil)
    #expect(throws: PersistenceError.inUse(spellings[3].path, pid: getpid())) {
      try PersistedState.open(.preferences, at: spellings[3], storage: storage)
    }
    let look = try PersistedState.open(
      .preferences, at: spellings[2], readOnly: true, storage: storage)
    #expect(look.value?.theme == "dark")
  }
}
