//! Output destinations, from the library ([`queens::console::destination`]: written atomically
//! or straight through, checked before any work), and the SVG output of the commands that
//! draw ([`SvgOutput`]), whose name is checked.

pub use queens::console::destination::*;
use queens::console::stopped::shell_word;
use std::path::Path;

/// The formats `rsvg-convert` (librsvg) turns an SVG into, by the output file's extension.
const CONVERTIBLE: [&str; 4] = ["png", "pdf", "ps", "eps"];

/// `-o FILE.svg`: the SVG file a command that draws writes (`render`, `plot`).
#[derive(Debug, clap::Args)]
pub struct SvgOutput {
    /// The SVG file to write: a name ending in .svg (or with no extension, as a FIFO);
    /// `-`: stdout
    #[arg(
        short,
        long,
        value_name = "FILE.svg",
        help = "The SVG file to write (`-`: stdout)",
        long_help
    )]
    pub output: String,
}

impl SvgOutput {
    /// Refuses, before any work, an empty name ([`refuse_outputs_that_are_inputs`]) or one
    /// that says another format ([`check_svg_name`]).
    pub fn check_name(&self) -> Result<(), String> {
        refuse_outputs_that_are_inputs(&[("-o", Some(&self.output))], &[])?;
        check_svg_name("-o", &self.output)
    }
}

/// Checks that `path`, the `option` (`-o`) of a command that writes SVG, names an SVG file:
/// `-` (stdout), a name ending in `.svg` (any case), or a name without an extension (a FIFO,
/// `/dev/stdout`, a file the user names freely). Any other extension is refused with a
/// one-line message: the file would hold SVG under a name that says otherwise.
fn check_svg_name(option: &str, path: &str) -> Result<(), String> {
    let p = Path::new(path);
    let Some(ext) = p.extension().and_then(|e| e.to_str()) else {
        return Ok(());
    };
    if ext.eq_ignore_ascii_case("svg") {
        return Ok(());
    }
    let svg = p.with_extension("svg");
    let svg = svg.display().to_string();
    let lower = ext.to_ascii_lowercase();
    Err(if CONVERTIBLE.contains(&lower.as_str()) {
        format!(
            "{option} {path}: queens writes SVG, not {}; write {svg} and convert it with \
             rsvg-convert -f {lower} -o {} {}",
            ext.to_ascii_uppercase(),
            shell_word(path, ""),
            shell_word(&svg, "")
        )
    } else {
        format!("{option} {path}: queens writes SVG; name the file {svg}")
    })
}
