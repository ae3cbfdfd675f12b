//! A small writer of SVG documents: elements with escaped attributes and text. Enough for the
//! pictures of [`crate::draw::render`] and [`crate::draw::plot`], with no dependencies.

use std::fmt::Write;

/// Escapes text for use in SVG content and in double-quoted attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 forbids (control characters other than tab and line ends).
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Formats a coordinate compactly: at most two decimals, no trailing zeros.
pub(crate) fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// About how wide `text` is in a sans-serif font of `size` px: 0.6 em a character, a little
/// more than the average of common fonts (DejaVu Sans, Helvetica, Arial), so that a picture
/// sized by it never clips its captions.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// An SVG document being built.
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

impl Svg {
    /// A document of the given size in pixels, on a white background (so that it reads the
    /// same in viewers with a dark theme).
    pub fn new(width: f64, height: f64) -> Svg {
        let mut svg = Svg {
            width,
            height,
            body: String::new(),
        };
        svg.element(
            "rect",
            &[
                ("width", "100%".into()),
                ("height", "100%".into()),
                ("fill", "#ffffff".into()),
            ],
        );
        svg
    }

    /// Appends an empty element `<name a="v" …/>`; attribute values are escaped.
    pub fn element(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.open(name, attrs, true);
    }

    /// Appends a `<rect>` at `(x, y)` of the given size, with further attributes `style`.
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, style: &[(&str, String)]) {
        let at = [("x", x), ("y", y), ("width", width), ("height", height)];
        self.placed("rect", at, style);
    }

    /// Appends an empty element `name` placed by the numbers `at`, then the attributes `style`.
    fn placed(&mut self, name: &str, at: [(&str, f64); 4], style: &[(&str, String)]) {
        let mut attrs: Vec<(&str, String)> = at.iter().map(|&(k, v)| (k, num(v))).collect();
        attrs.extend_from_slice(style);
        self.element(name, &attrs);
    }

    /// Appends a line of dark grey sans-serif `text` of `size` px at `(x, y)`, anchored at its
    /// `anchor` (`start`, `middle` or `end`).
    pub fn text(&mut self, x: f64, y: f64, anchor: &str, size: f64, text: &str) {
        self.text_element(
            "text",
            &[
                ("x", num(x)),
                ("y", num(y)),
                ("text-anchor", anchor.into()),
                ("font-family", "sans-serif".into()),
                ("font-size", num(size)),
                ("fill", "#222222".into()),
            ],
            text,
        );
    }

    /// Appends a straight line from `(x1, y1)` to `(x2, y2)` with further attributes `style`.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &[(&str, String)]) {
        self.placed(
            "line",
            [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)],
            style,
        );
    }

    /// Appends `<name a="v" …>text</name>` with the text escaped.
    pub fn text_element(&mut self, name: &str, attrs: &[(&str, String)], text: &str) {
        self.open(name, attrs, false);
        self.body.push_str(&escape(text));
        let _ = writeln!(self.body, "</{name}>");
    }

    /// Opens a group `<g …>`; close it with [`Svg::end_group`].
    pub fn group(&mut self, attrs: &[(&str, String)]) {
        self.open("g", attrs, false);
        self.body.push('\n');
    }

    /// Closes the innermost group.
    pub fn end_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    fn open(&mut self, name: &str, attrs: &[(&str, String)], empty: bool) {
        let _ = write!(self.body, "<{name}");
        for (key, value) in attrs {
            let _ = write!(self.body, " {key}=\"{}\"", escape(value));
        }
        self.body.push_str(if empty { "/>\n" } else { ">" });
    }

    /// The finished document, with an XML declaration and a `<title>`.
    pub fn finish(self, title: &str) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
             <title>{}</title>\n{}</svg>\n",
            escape(title),
            self.body,
            w = num(self.width),
            h = num(self.height),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_control_characters() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("x\u{1}y"), "x\u{FFFD}y");
    }

    #[test]
    fn numbers_are_compact() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn builds_a_document() {
        let mut svg = Svg::new(10.0, 20.0);
        svg.element("rect", &[("width", "5".into()), ("class", "a&b".into())]);
        svg.text_element("text", &[], "1 < 2");
        let doc = svg.finish("t");
        assert!(doc.contains("<rect width=\"5\" class=\"a&amp;b\"/>"));
        assert!(doc.contains("<text>1 &lt; 2</text>"));
        assert!(doc.contains("viewBox=\"0 0 10 20\""));
    }
}
