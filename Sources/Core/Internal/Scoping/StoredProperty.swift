/// Calls `body` with in-place access to the `Value` stored `offset` bytes into `base`.
///
/// `offset` is one `MemoryLayout<Base>.offset(of:)` returned for a key path from `Base` to
/// `Value`: the standard library returns an offset only for a path of stored properties without
/// observers, whose value is stored inline at that offset, so the memory holds a `Value` and
/// writing it directly is what a write through the key path does. It is a store to memory,
/// where the runtime's key-path access is a coroutine call, with metadata look-ups in
/// unspecialized code.
///
/// A free function, so that the closure is not main-actor isolated: an isolated closure checks
/// its executor at run time on every call.
@inlinable @inline(__always)
func withStoredProperty<Base, Value, Result>(
  at offset: Int, of base: inout Base, as _: Value.Type,
  _ body: (inout Value) -> Result
) -> Result {
  unsafe withUnsafeMutableBytes(of: &base) {
    unsafe body(&($0.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee)
  }
}
