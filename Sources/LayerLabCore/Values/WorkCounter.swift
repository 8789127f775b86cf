/// Counts the steps of work the editing code does (layers visited by name lookups, list
/// elements compared or copied by undo), so tests can check that a command costs what it
/// should (constant, not growing with the document) by counting, never by timing.
///
///     let counter = WorkCounter()
///     WorkCounter.$current.withValue(counter) { session.handle("layer box") }
///     counter.steps   // work done by that one command
///
/// Off (nil) unless a test binds it; the code pays one task-local read per counted call.
package final class WorkCounter: @unchecked Sendable {
    @TaskLocal package static var current: WorkCounter?

    /// Steps counted so far (only the thread that bound the counter adds to it).
    package private(set) var steps = 0

    package init() {}

    package func add(_ n: Int) { steps += n }
}
