// The TestStore lands with its own issue.
import Core
