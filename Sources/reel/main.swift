import App
