/// The requests with which a child reducer ends the work of its children that are no longer
/// in the state, whoever removed them: the parent, another reducer, an undo that put back an
/// older value.
///
/// Each is returned after a pass once one of the reducer's children has returned an effect
/// (``MountFlag``); the store answers it from the children its registry knows to have work
/// running at the reducer's path, so it costs nothing when none have. A reducer keeps its last
/// request in an ``EndingCache`` and returns it again while it keeps the same children, so
/// that the store can skip a request it already carried out (see ``ChildEnding``).
extension ChildEnding {
  /// Ends the children presented at `keyPath` (an `ifLet`'s, a presentation's) other than the
  /// one with identity `presented`, if any.
  @usableFromInline
  static func presented(at keyPath: KeyPathID, otherThan presented: ChildIdentity?) -> ChildEnding {
    ChildEnding { child in
      guard case let .presented(path, identity) = child, path == keyPath else { return false }
      guard let presented else { return true }
      return identity != presented
    }
  }

  /// Ends the children of the enum type `enumType`'s cases that the state no longer holds:
  /// another case than `current`'s, or the same case with another `id` (a child named by its
  /// case alone, a `Scope`'s, lives as long as the case).
  static func cases(of enumType: ObjectIdentifier, otherThan current: ChildIdentity) -> ChildEnding
  {
    ChildEnding { child in
      guard case let .enumCase(type, identity) = child, type == enumType else { return false }
      return identity.tag != current.tag || (identity.id != nil && identity.id != current.id)
    }
  }

  /// Ends the elements at `keyPath` (a `forEach`'s) whose ids `ids` does not hold.
  static func elements<ID: Hashable & Sendable>(at keyPath: KeyPathID, notIn ids: OrderedIDs<ID>)
    -> ChildEnding
  {
    ChildEnding { child in
      guard let element = child.element(as: ID.self), element.keyPath == keyPath else {
        return false
      }
      return !ids.contains(element.id)
    }
  }

  /// Ends the screens at `keyPath` (a stack's) whose ids `ids` does not hold.
  static func screens<Element>(at keyPath: KeyPathID, notIn ids: StackStorage<Element>.IDs)
    -> ChildEnding
  {
    ChildEnding { child in
      guard case let .screen(path, id) = child, path == keyPath else { return false }
      return !ids.contains(id)
    }
  }
}
