"""Every plain-text output projeval prints, one module per output.

- :mod:`.numbers`: the number and cell formatters every output shares (the HTML
  report and the gate's formats use them too);
- :mod:`.tables`: fixed-width columns;
- :mod:`.run`: the summary of ``projeval score`` and ``projeval run``;
- :mod:`.lineage`: the table of ``projeval lineage``;
- :mod:`.cost`: the report of ``projeval cost``;
- :mod:`.traces`: the summary of ``projeval traces``;
- :mod:`.history`: ``projeval history``, ``trend`` and ``diff``;
- :mod:`.mining`: what ``projeval questions mine --merge`` says it did.

The gate's formats (text, JUnit, pull-request summaries) live in
:mod:`projeval.gatereport`, the HTML report in :mod:`projeval.report` and its
templates. Deliberately plain (no colour, no terminal-width guessing) so that
what the CLI prints is the same on every machine and tests can pin it exactly.

These modules read the objects they render by their attributes and import
projeval's other modules only for typing, so any of them can hand out its
renderer (``projeval.traces.render_summary``) without an import circle. Nothing
is imported here: ``projeval --help`` imports :mod:`.numbers` and nothing else.
"""
