"""Checks of the bench's VT/SGR decoder: python3 -m unittest discover scripts/benchkit"""
import importlib.util
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


def _name_pattern(digits):
    """The pattern of a Unicode "BLOCK OCTANT-…" or "BLOCK SEXTANT-…" name's digits."""
    return sum(1 << (int(d) - 1) for d in digits)


class PixelModelTests(unittest.TestCase):
    """The fine mode: every block glyph at a terminal's pixel size, as kitty draws it."""

    def rows_lit(self, code, width=8, height=16):
        mask = vt.glyph_mask(code, width, height)
        return [int(r.sum()) for r in mask]

    def test_sextants_split_a_16_px_cell_into_5_5_6_rows(self):
        # U+1FB00 BLOCK SEXTANT-1 (top left), U+1FB3B BLOCK SEXTANT-23456.
        self.assertEqual(self.rows_lit(0x1FB00), [4] * 5 + [0] * 11)
        self.assertEqual(self.rows_lit(0x1FB3B), [4] * 5 + [8] * 11)
        mask = vt.glyph_mask(0x1FB00, 8, 16)
        self.assertTrue(mask[:5, :4].all() and not mask[:, 4:].any())

    def test_sextant_code_points_follow_their_names(self):
        names = {0x1FB00: "1", 0x1FB13: "35", 0x1FB14: "235", 0x1FB27: "146", 0x1FB28: "1246", 0x1FB3B: "23456"}
        for code, digits in names.items():
            self.assertEqual(vt.SEXTANTS[code], _name_pattern(digits), hex(code))
        self.assertEqual(len(vt.SEXTANTS), 60)

    def test_octant_code_points_follow_their_unicode_16_names(self):
        names = {0x1CD00: "3", 0x1CD01: "23", 0x1CD10: "45", 0x1CD40: "1247", 0x1CD7F: "12348", 0x1CDA0: "3568",
                 0x1CDC3: "4578", 0x1CDE5: "2345678"}
        for code, digits in names.items():
            self.assertEqual(vt.OCTANTS[code], _name_pattern(digits), hex(code))
        # Every pattern has exactly one character: 230 octants and 26 older characters.
        patterns = list(vt.OCTANTS.values()) + list(vt.OCTANT_ELSEWHERE)
        self.assertEqual(sorted(patterns), list(range(256)))

    def test_each_octant_pattern_draws_its_eighths(self):
        for pattern, code in list(vt.OCTANT_ELSEWHERE.items()) + [(p, c) for c, p in vt.OCTANTS.items()]:
            mask = vt.glyph_mask(code, 8, 16)
            for k in range(8):
                x, y = k & 1, k >> 1
                block = mask[4 * y:4 * y + 4, 4 * x:4 * x + 4]
                self.assertTrue(block.all() if pattern >> k & 1 else not block.any(), f"{code:x} octant {k + 1}")

    def test_eighth_blocks(self):
        self.assertEqual(self.rows_lit(0x2581), [0] * 14 + [8] * 2)  # ▁ lower 1/8
        self.assertEqual(self.rows_lit(0x2587), [0] * 2 + [8] * 14)  # ▇ lower 7/8
        self.assertEqual(self.rows_lit(0x2594), [8] * 2 + [0] * 14)  # ▔ upper 1/8
        self.assertEqual(vt.glyph_mask(0x2589, 8, 16).sum(axis=0).tolist(), [16] * 7 + [0])  # ▉ left 7/8
        self.assertEqual(vt.glyph_mask(0x258F, 8, 16).sum(axis=0).tolist(), [16] + [0] * 7)  # ▏ left 1/8
        self.assertEqual(vt.glyph_mask(0x2595, 8, 16).sum(axis=0).tolist(), [0] * 7 + [16])  # ▕ right 1/8
        self.assertEqual(vt.glyph_mask(0x258C, 8, 16).sum(axis=0).tolist(), [16] * 4 + [0] * 4)  # ▌

    def test_kitty_gives_an_odd_pixel_to_the_middle_eighths(self):
        self.assertEqual(vt.eighths(17), [0, 2, 4, 6, 9, 11, 13, 15, 17])
        self.assertEqual(self.rows_lit(0x2580, 8, 17), [8] * 9 + [0] * 8)  # ▀ is eighths 0-3: 9 rows

    def test_sextants_and_quadrants_at_7_by_15_and_11_by_23(self):
        # Sextant rows end at h // 3 and 2h // 3: 5/5/5 rows of 15 px, 7/8/8 of 23; columns at w // 2.
        for (w, h), rows, left in (((7, 15), [5, 5, 5], 3), ((11, 23), [7, 8, 8], 5)):
            for row in range(3):
                code = next(c for c, p in vt.SEXTANTS.items() if p == 1 << (2 * row))  # left sextant of a row
                mask = vt.glyph_mask(code, w, h)
                lit = np.where(mask.any(axis=1))[0].tolist()
                self.assertEqual(len(lit), rows[row], (w, h, row))
                self.assertEqual(lit[0], sum(rows[:row]), (w, h, row))
                self.assertEqual(mask.sum(axis=0).tolist(), [rows[row]] * left + [0] * (w - left), (w, h, row))
            # ▘ quadrant: w // 2 columns and h // 2 rows; ▗ takes the rest of both.
            self.assertEqual(int(vt.glyph_mask(0x2598, w, h).sum()), (w // 2) * (h // 2))
            self.assertEqual(int(vt.glyph_mask(0x2597, w, h).sum()), (w - w // 2) * (h - h // 2))

    def test_half_and_eighth_blocks_at_7_by_15_and_11_by_23(self):
        # 15 px: eighths of 1 px, the 7 left over to the middle ones first (all but the top one).
        self.assertEqual(vt.eighths(15), [0, 1, 3, 5, 7, 9, 11, 13, 15])
        self.assertEqual(self.rows_lit(0x2580, 7, 15), [7] * 7 + [0] * 8)   # ▀ eighths 0-3: 7 rows
        self.assertEqual(self.rows_lit(0x2584, 7, 15), [0] * 7 + [7] * 8)   # ▄ the other 8
        # 7 px across is under 8: each eighth is 1 px, the last two on the same column.
        self.assertEqual(vt.eighths(7), [0, 1, 2, 3, 4, 5, 6, 7, 7])
        self.assertEqual(vt.glyph_mask(0x258C, 7, 15).sum(axis=0).tolist(), [15] * 4 + [0] * 3)  # ▌
        self.assertEqual(vt.glyph_mask(0x2595, 7, 15).sum(axis=0).tolist(), [0] * 6 + [15])     # ▕
        self.assertEqual(vt.eighths(23), [0, 2, 5, 8, 11, 14, 17, 20, 23])
        self.assertEqual(self.rows_lit(0x2580, 11, 23), [11] * 11 + [0] * 12)
        self.assertEqual(self.rows_lit(0x2581, 11, 23), [0] * 20 + [11] * 3)  # ▁ lower 1/8
        self.assertEqual(vt.glyph_mask(0x2590, 11, 23).sum(axis=0).tolist(), [0] * 6 + [23] * 5)  # ▐

    def test_every_block_kitty_draws_matches_kittys_own_box_drawing(self):
        # kitty 0.26.5 ships its box drawing as Python; where it is installed, every glyph it draws
        # that the model knows must light the same pixels, at every cell size of the stills bench.
        path = "/usr/lib/kitty/kitty/fonts/box_drawing.py"
        try:
            spec = importlib.util.spec_from_file_location("kitty_box_drawing", path)
            kitty = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(kitty)
        except (OSError, ImportError):
            self.skipTest(f"no kitty box drawing at {path}")
        compared = 0
        for w, h in ((7, 15), (8, 16), (8, 17), (10, 19), (10, 20), (11, 23), (5, 9)):
            for ch in kitty.box_chars:
                mask = vt.glyph_mask(ord(ch), w, h)
                if mask is None:
                    continue
                buf = bytearray(w * h)
                kitty.render_box_char(ch, buf, w, h, vt.LINE_DPI)
                theirs = np.frombuffer(bytes(buf), dtype=np.uint8).reshape(h, w) > 127
                self.assertTrue(np.array_equal(theirs, mask), f"U+{ord(ch):04X} at {w}x{h}")
                compared += 1
        self.assertGreaterEqual(compared, 7 * 180)

    def test_text_is_background_in_both_modes(self):
        self.assertIsNone(vt.glyph_mask(ord("a"), 8, 16))
        data = ESC + b"[38;2;255;255;255;48;2;1;2;3ma" + ESC + b"[?2026l"
        (frame,) = decode(data, 1, 1)
        self.assertTrue(np.all(frame.image == [1, 2, 3]))
        (frame,) = vt.decode([(1.0, data)], 1, 1, vt.SYNC, cell=(8, 16))
        self.assertEqual(frame.image.shape, (16, 8, 3))
        self.assertTrue(np.all(frame.image == [1, 2, 3]))

    def test_a_screen_at_8_by_16_pixels_a_cell(self):
        # A sextant (U+1FB28 BLOCK SEXTANT-1246) in red on blue, then ▄ in green on black.
        data = (ESC + b"[38;2;255;0;0;48;2;0;0;255m" + "\U0001FB28".encode() + ESC + b"[38;2;0;255;0;48;2;0;0;0m\xe2\x96\x84"
                + ESC + b"[?2026l")
        (frame,) = vt.decode([(1.0, data)], 2, 1, vt.SYNC, cell=(8, 16))
        image = frame.image
        self.assertEqual(image.shape, (16, 16, 3))
        red, blue, green, black = [255, 0, 0], [0, 0, 255], [0, 255, 0], [0, 0, 0]
        self.assertEqual(image[0, 0].tolist(), red)       # sextant 1
        self.assertEqual(image[4, 7].tolist(), red)       # sextant 2
        self.assertEqual(image[5, 0].tolist(), blue)      # sextant 3 unlit
        self.assertEqual(image[9, 7].tolist(), red)       # sextant 4
        self.assertEqual(image[10, 0].tolist(), blue)     # sextant 5 unlit
        self.assertEqual(image[15, 7].tolist(), red)      # sextant 6
        self.assertEqual(image[7, 8].tolist(), black)
        self.assertEqual(image[8, 15].tolist(), green)
        # The 2 x 2 mode is unchanged: the sextant is text there.
        (coarse,) = decode(data, 2, 1)
        self.assertEqual(coarse.image[:, :2].tolist(), [[blue, blue], [blue, blue]])

    def test_box_drawing_lines_as_kitty_draws_them(self):
        # Light lines are 2 px, heavy 3 px at 96 dpi, centred at w/2 and h/2.
        light = vt.glyph_mask(0x2500, 8, 16)  # ─
        self.assertEqual(np.where(light.any(axis=1))[0].tolist(), [7, 8])
        self.assertTrue(light[7:9].all())
        heavy = vt.glyph_mask(0x2503, 8, 16)  # ┃
        self.assertEqual(np.where(heavy.any(axis=0))[0].tolist(), [3, 4, 5])
        # A corner's horizontal arm reaches past the middle by half the vertical arm's width.
        corner = vt.glyph_mask(0x250C, 8, 16)  # ┌
        self.assertEqual(np.where(corner[7])[0].tolist(), [3, 4, 5, 6, 7])
        self.assertFalse(corner[:7].any())
        # Mixed weights from the names: ╽ LIGHT UP AND HEAVY DOWN.
        mixed = vt.glyph_mask(0x257D, 8, 16)
        self.assertEqual(int(mixed[0].sum()), 2)
        self.assertEqual(int(mixed[15].sum()), 3)
        # Double lines, arcs and diagonals are not modelled: text.
        for code in (0x2550, 0x256D, 0x2571):
            self.assertIsNone(vt.glyph_mask(code, 8, 16))
        self.assertEqual(len([c for c in range(0x2500, 0x2580) if vt.glyph_mask(c, 8, 16) is not None]), 92)

    def test_rep_repeats_the_last_character(self):
        data = ESC + b"[48;2;7;7;7m " + ESC + b"[2b" + ESC + b"[?2026l"
        (frame,) = decode(data, 4, 1)
        self.assertTrue(np.all(frame.image[:, :6] == 7))
        self.assertTrue(np.all(frame.image[:, 6:] == 0))


if __name__ == "__main__":
    unittest.main()
