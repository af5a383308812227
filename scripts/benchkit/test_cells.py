"""Checks of the cell-size part's pure pieces: python3 -m unittest discover scripts/benchkit"""
import unittest

import cells
import reference


class ReferenceColourTests(unittest.TestCase):
    def test_untagged_video_gets_mpvs_guess(self):
        # BT.709 from 1280 px across or over 576 lines, else BT.601; limited range; chroma sited left.
        self.assertEqual(reference.colours_of({"width": "1280", "height": "720"}), ("bt709", "tv", 0, 128))
        self.assertEqual(reference.colours_of({"width": "720", "height": "576"}), ("bt601", "tv", 0, 128))
        self.assertEqual(reference.colours_of({"width": "960", "height": "720"}), ("bt709", "tv", 0, 128))

    def test_tags_win_over_the_guess(self):
        info = {"width": "640", "height": "360", "color_space": "bt709", "color_range": "pc", "chroma_location": "center"}
        self.assertEqual(reference.colours_of(info), ("bt709", "pc", 128, 128))
        info = {"width": "1920", "height": "1080", "color_space": "smpte170m", "chroma_location": "topleft"}
        self.assertEqual(reference.colours_of(info), ("bt601", "tv", 0, 0))


class CellSizeTests(unittest.TestCase):
    def test_kitty_sets_the_cell_by_its_font_size_alone(self):
        config = cells.kitty_config(9.75)
        self.assertIn("font_size 9.75\n", config)
        self.assertIn("font_family DejaVu Sans Mono\n", config)
        self.assertNotIn("modify_font", config)

    def test_every_size_has_a_font_size(self):
        self.assertEqual(list(cells.SIZES), ["7x15", "8x16", "8x17", "10x19", "10x20", "11x23"])
        self.assertEqual(cells.parse_cell("10x20"), (10, 20))

    def test_margins_are_reel_minus_the_peer(self):
        part = {"stills": [{"name": "a"}], "sizes": {"7x15": {"results": [
            {"still": "a", "tool": "reel-sextant", "offline_psnr": 30.0, "screen_psnr": 30.5},
            {"still": "a", "tool": "chafa-w9", "offline_psnr": 30.25, "screen_psnr": 30.0}]}}}
        (screen, offline, reel_screen, reel_offline), = cells.margins(part)[("a", "7x15")].values()
        self.assertEqual((screen, offline, reel_screen), (0.5, -0.25, 30.5))


if __name__ == "__main__":
    unittest.main()


class WhitePictureTests(unittest.TestCase):
    def test_white_picture_has_the_stills_odd_size(self):
        # The city still is 720x405: its white box must be of that shape, not one row shorter.
        import tempfile
        import stills
        with tempfile.TemporaryDirectory() as cache:
            self.assertEqual(stills.image_size(stills.white_png(720, 405, cache)), (720, 405))
