import Dispatch
import Foundation
import Testing

@testable import Core

/// `GeneratorCapture`: a reduction gets exactly the values generators returned on its own
/// thread between its `begin` and `end`, whether it holds the one slot or a log in the list.
@Suite(.serialized) struct GeneratorCaptureTests {
  private static func uuid(_ last: UInt8) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, last))
  }

  @Test func aReductionGetsTheValuesNotedOnItsThreadAndNothingAfterItsEnd() {
    let token = GeneratorCapture.begin()
    GeneratorCapture.note(uuid: Self.uuid(1))
    GeneratorCapture.note(date: Date(timeIntervalSinceReferenceDate: 7))
    let values = GeneratorCapture.end(token)
    #expect(values?.uuids == [Self.uuid(1)])
    #expect(values?.dates == [Date(timeIntervalSinceReferenceDate: 7)])

    // None noted: nothing to copy into the recorded line.
    GeneratorCapture.note(uuid: Self.uuid(2))
    #expect(GeneratorCapture.end(GeneratorCapture.begin()) == nil)
  }

  @Test func aNestedReductionGetsItsOwnValuesAndTheOuterOneKeepsItsOwn() {
    let outer = GeneratorCapture.begin()
    GeneratorCapture.note(uuid: Self.uuid(1))
    let inner = GeneratorCapture.begin()
    #expect(inner == .list)
    GeneratorCapture.note(uuid: Self.uuid(2))
    #expect((GeneratorCapture.end(inner)?.uuids ?? []) == [Self.uuid(2)])
    GeneratorCapture.note(uuid: Self.uuid(3))
    #expect((GeneratorCapture.end(outer)?.uuids ?? []) == [Self.uuid(1), Self.uuid(3)])
  }

  @Test func aValueNotedOnAnotherThreadMeanwhileGoesToNoReduction() {
    let token = GeneratorCapture.begin()
    let noted = DispatchSemaphore(value: 0)
    Thread {
      GeneratorCapture.note(uuid: Self.uuid(9))
      noted.signal()
    }.start()
    noted.wait()
    GeneratorCapture.note(uuid: Self.uuid(1))
    #expect((GeneratorCapture.end(token)?.uuids ?? []) == [Self.uuid(1)])
  }

  @Test func reductionsOnManyThreadsAtOnceEachGetExactlyTheirOwnValues() {
    let mismatches = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for round in 0..<500 {
        let token = GeneratorCapture.begin()
        let mine = (0..<(round % 3)).map { Self.uuid(UInt8(worker * 10 + $0)) }
        for uuid in mine { GeneratorCapture.note(uuid: uuid) }
        if (GeneratorCapture.end(token)?.uuids ?? []) != mine { mismatches.withLock { $0 += 1 } }
      }
    }
    #expect(mismatches.withLock { $0 } == 0)
  }
}
