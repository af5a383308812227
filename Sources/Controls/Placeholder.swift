// Placeholder so the target builds; replaced by the real code.
enum _ControlsPlaceholder {}
