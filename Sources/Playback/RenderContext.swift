import CMpv
import System

/// The single owner of one `mpv_render_context` for the software renderer.
///
/// It holds its ``MpvHandle``, so the core can never be destroyed while the context exists.
final class RenderContext {
    let raw: OpaquePointer
    let handle: MpvHandle

    /// Creates a software (`sw`) render context on `handle` that signals `handle.wake` on updates.
    init(handle: MpvHandle) throws(MpvError) {
        var context: OpaquePointer?
        let code: Int32 = "sw".withCString { apiType in
            var params = [
                mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: apiType)),
                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
            ]
            return mpv_render_context_create(&context, handle.raw, &params)
        }
        try MpvError.check(code, "create the software render context")
        guard let context else { throw MpvError(code: MPV_ERROR_GENERIC.rawValue, operation: "create the render context") }
        raw = context
        self.handle = handle
        mpv_render_context_set_update_callback(raw, WakeSignal.callback, handle.wake.callbackContext)
    }

    deinit {
        mpv_render_context_set_update_callback(raw, nil, nil)
        mpv_render_context_free(raw)
    }

    /// Asks mpv what changed; true when a new video frame should be rendered (or skipped).
    func frameIsDue() -> Bool {
        mpv_render_context_update(raw) & UInt64(MPV_RENDER_UPDATE_FRAME.rawValue) != 0
    }

    /// Renders the current frame into `buffer`, letterboxed to its size, without waiting for its
    /// display time. With `skip`, mpv consumes the frame without drawing it.
    func render(into buffer: FrameBuffer, skip: Bool) throws(MpvError) {
        try render(into: buffer.baseAddress, width: buffer.width, height: buffer.height, stride: buffer.stride,
                   format: buffer.format, skip: skip)
    }

    /// Renders the current frame into `buffer`, letterboxed; a buffer in
    /// ``FrameBuffer/Format/rgb24`` that this libmpv turns down is changed to `rgb0` once, and
    /// the frame rendered again.
    func render(into buffer: FrameBuffer, fallingBackToRGB0: Bool) throws(MpvError) {
        do {
            try render(into: buffer, skip: false)
        } catch {
            guard fallingBackToRGB0, buffer.format == .rgb24, RenderContext.refusals.contains(error.kind) else { throw error }
            buffer.change(to: .rgb0)
            try render(into: buffer, skip: false)
        }
    }

    /// How a libmpv says it does not take a pixel format.
    static let refusals: [MpvError.Kind] = [.notImplemented, .invalidParameter, .unsupported]

    /// Renders the current frame into `height` rows of `width` pixels in `format`, `stride` bytes
    /// apart from `pointer` on (memory the caller owns for the call), letterboxed.
    func render(into pointer: UnsafeMutableRawPointer, width: Int, height: Int, stride rowBytes: Int,
                format pixelFormat: FrameBuffer.Format, skip: Bool) throws(MpvError) {
        var size: [Int32] = [Int32(clamping: width), Int32(clamping: height)]
        var stride = rowBytes
        var block: Int32 = 0
        var skipRendering: Int32 = skip ? 1 : 0
        let code: Int32 = pixelFormat.rawValue.withCString { format in
            size.withUnsafeMutableBytes { sizeBytes in
                withUnsafeMutablePointer(to: &stride) { stridePointer in
                    withUnsafeMutablePointer(to: &block) { blockPointer in
                        withUnsafeMutablePointer(to: &skipRendering) { skipPointer in
                            var params = [
                                mpv_render_param(type: MPV_RENDER_PARAM_SW_SIZE, data: sizeBytes.baseAddress),
                                mpv_render_param(type: MPV_RENDER_PARAM_SW_FORMAT, data: UnsafeMutableRawPointer(mutating: format)),
                                mpv_render_param(type: MPV_RENDER_PARAM_SW_STRIDE, data: UnsafeMutableRawPointer(stridePointer)),
                                mpv_render_param(type: MPV_RENDER_PARAM_SW_POINTER, data: pointer),
                                mpv_render_param(type: MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, data: UnsafeMutableRawPointer(blockPointer)),
                                mpv_render_param(type: MPV_RENDER_PARAM_SKIP_RENDERING, data: UnsafeMutableRawPointer(skipPointer)),
                                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                            ]
                            return mpv_render_context_render(raw, &params)
                        }
                    }
                }
            }
        }
        try MpvError.check(code, "render a frame")
    }
}
