func run(logger: Logger, analytics: Analytics, context: Context, dialog: Dialog) {
  logger.info("Started the sync")
  context.logger?.warning("Houston is slow to answer \(context.seconds) s")
  logger
    .error("Could not write the file")
  auditLogger.notice("Audit trail written")
  analytics.track("Supplies Listed", ["Mode": "Interactive run"])
  context.analytics.recordError(failure, module: "Kit", context: ["Reason": "Disk full"])
  precondition(count > 0, "The count must be positive")
  assert(ok, "Never happens here")
  Swift.fatalError("Unreachable state reached")
  #warning("Translate this later")
  dialog.error("Disk is full")  // finding
  show(.error("Disk is still full"))  // finding
  print("Hello there")  // finding
  logger.info("Saved"); print("Saved to disk")  // finding
  catalog.info("Catalog shows this")  // finding
  track("Not an analytics call")  // finding
}

@available(*, deprecated, message: "Use the new menu instead")
func old() {}
