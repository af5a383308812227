"""Checks of the bench's VT/SGR decoder: python3 -m unittest discover scripts/benchkit"""
import unittest

import numpy as np

import vt

ESC = b"\x1b"


def decode(data, columns, rows, frames=vt.SYNC):
    return vt.decode([(1.0, data)], columns, rows, frames)


class DecoderTests(unittest.TestCase):
    def test_half_blocks_in_truecolor(self):
        data = ESC + b"[?2026h" + ESC + b"[38;2;255;0;0;48;2;0;0;255m\xe2\x96\x80" + ESC + b"[?2026l"
        (frame,) = decode(data, 1, 1)
        self.assertEqual(frame.image.shape, (2, 2, 3))
        self.assertEqual(frame.image[0].tolist(), [[255, 0, 0], [255, 0, 0]])
        self.assertEqual(frame.image[1].tolist(), [[0, 0, 255], [0, 0, 255]])

    def test_lower_half_quadrants_and_256_colours(self):
        # ▄ then ▚ (top-left and bottom-right lit), in palette colours 196 (red) and 21 (blue).
        data = (ESC + b"[?2026h" + ESC + b"[38;5;196;48;5;21m\xe2\x96\x84\xe2\x96\x9a" + ESC + b"[?2026l")
        (frame,) = decode(data, 2, 1)
        red, blue = [255, 0, 0], [0, 0, 255]
        self.assertEqual(frame.image[:, :2].tolist(), [[blue, blue], [red, red]])
        self.assertEqual(frame.image[:, 2:].tolist(), [[red, blue], [blue, red]])

    def test_cursor_moves_and_a_blank_take_the_background(self):
        data = (ESC + b"[?2026h" + ESC + b"[2;3H" + ESC + b"[48;2;9;8;7m " + ESC + b"[1G" + ESC + b"[A"
                + ESC + b"[48;2;1;2;3m " + ESC + b"[?2026l")
        (frame,) = decode(data, 3, 2)
        self.assertEqual(frame.image[2, 4].tolist(), [9, 8, 7])
        self.assertEqual(frame.image[0, 0].tolist(), [1, 2, 3])
        self.assertEqual(frame.image[0, 2].tolist(), [0, 0, 0])

    def test_a_write_in_the_last_column_wraps_only_with_the_next_character(self):
        data = ESC + b"[48;2;5;5;5m  " + ESC + b"[48;2;6;6;6m " + ESC + b"[?2026l"
        (frame,) = decode(data, 2, 2)
        self.assertEqual(frame.image[2, 0].tolist(), [6, 6, 6])
        self.assertEqual(frame.image[0, 2].tolist(), [5, 5, 5])

    def test_an_update_with_no_change_is_not_a_new_frame(self):
        data = ESC + b"[?2026h" + ESC + b"[48;2;5;5;5m " + ESC + b"[?2026l" + ESC + b"[?2026h" + ESC + b"[?2026l"
        self.assertEqual(len(decode(data, 1, 1)), 1)

    def test_frames_without_sync_end_before_the_screen_is_cleared(self):
        data = ESC + b"[1;1H" + ESC + b"[48;2;9;0;0m " + ESC + b"[2J" + ESC + b"[1;1H"
        frames = decode(data, 1, 1, vt.REWIND)
        self.assertEqual(frames[0].image[0, 0].tolist(), [9, 0, 0])

    def test_every_sync_makes_a_frame_of_each_update_changed_or_not(self):
        data = ESC + b"[?2026h" + ESC + b"[48;2;5;5;5m " + ESC + b"[?2026l" + ESC + b"[?2026h" + ESC + b"[?2026l"
        frames = decode(data, 1, 1, vt.EVERY_SYNC)
        self.assertEqual(len(frames), 2)
        self.assertEqual(frames[1].image.tolist(), frames[0].image.tolist())

    def test_frames_without_sync_end_when_the_cursor_goes_back_up(self):
        row = ESC + b"[48;2;%d;0;0m" + ESC + b"[38;2;%d;0;0m\xe2\x96\x84"
        data = b""
        for level in (10, 20):
            data += ESC + b"[1;0f" + row % (level, level) + ESC + b"[2;0f" + row % (level, level) + ESC + b"[0m\n"
        frames = decode(data, 1, 3, vt.REWIND)
        self.assertEqual(len(frames), 2)
        self.assertEqual(int(frames[0].image[:4].max()), 10)
        self.assertEqual(int(frames[1].image[:4].max()), 20)

    def test_clear_and_erase_use_the_current_background(self):
        data = ESC + b"[48;2;3;3;3m" + ESC + b"[2J" + ESC + b"[?2026l"
        (frame,) = decode(data, 2, 2)
        self.assertTrue(np.all(frame.image == 3))


if __name__ == "__main__":
    unittest.main()
