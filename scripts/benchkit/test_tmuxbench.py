"""Checks of the tmux part's readings: python3 -m unittest discover scripts/benchkit"""
import unittest

import numpy as np

import tmuxbench


class PhotographicTests(unittest.TestCase):
    def test_two_colour_cells_are_text_and_many_colour_cells_are_pixels(self):
        # Two cells of 8x16: the left a half block (red over blue), the right a gradient.
        image = np.zeros((16, 16, 3), dtype=np.uint8)
        image[:8, :8] = (255, 0, 0)
        image[8:, :8] = (0, 0, 255)
        image[:, 8:, 0] = np.arange(128, dtype=np.uint8).reshape(16, 8)
        image[:, 8:, 1] = 100
        self.assertEqual(tmuxbench.photographic_share(image, (0, 0, 8, 16), (8, 16)), 0.0)
        self.assertEqual(tmuxbench.photographic_share(image, (8, 0, 16, 16), (8, 16)), 1.0)
        self.assertEqual(tmuxbench.photographic_share(image, (0, 0, 16, 16), (8, 16)), 0.5)

    def test_dark_cells_are_not_counted(self):
        image = np.full((16, 8, 3), 20, dtype=np.uint8)
        self.assertEqual(tmuxbench.photographic_share(image, (0, 0, 8, 16), (8, 16)), 0.0)


class StatsTests(unittest.TestCase):
    def test_reel_stats_line(self):
        line = ("reel stats: frames shown 298 dropped 2 source 300 bytes 1234 encode_ms median 1.0 "
                "graphics kitty-shm via tmux passthrough blitter pixels images 300")
        figures = tmuxbench.reel_stats("other\n" + line + "\n")
        self.assertEqual(figures, {"shown": 298, "dropped": 2, "graphics": "kitty-shm", "blitter": "pixels", "bytes": 1234})

    def test_ratio_of_auto_to_blocks(self):
        rows = [{"mode": "reel-auto", "terminal": "kitty", "route": "tmux 3.3a", "size": "100x30", "cpu": 3.0,
                 "tmux_cpu": 1.5, "graphics": "kitty-shm"},
                {"mode": "reel-blocks", "terminal": "kitty", "route": "tmux 3.3a", "size": "100x30", "cpu": 2.0,
                 "tmux_cpu": 1.0}]
        self.assertIn("1.50x that of blocks", tmuxbench._ratios(rows))


if __name__ == "__main__":
    unittest.main()
