"""Every plain-text output projeval prints, one module per output.

- :mod:`.numbers`: the number and cell formatters every output shares (the HTML
  report and the gate's formats use them too);
- :mod:`.tables`: fixed-width columns;
- :mod:`.run`: the summary of ``projeval score`` and ``projeval run``;
- :mod:`.lineage`: the table of ``projeval lineage``;
- :mod:`.cost`: the report of ``projeval cost``;
- :mod:`.traces`: the summary of ``projeval traces``;
- :mod:`.history`: ``projeval history``, ``trend`` and ``diff``;
- :mod:`.mining`: what ``projeval questions mine`` says it wrote or merged.

The gate's formats (text, JUnit, pull-request summaries) live in
:mod:`projeval.gatereport`, the HTML report in :mod:`projeval.report` and its
templates. Deliberately plain (no colour, no terminal-width guessing) so that
what the CLI prints is the same on every machine and tests can pin it exactly.

These modules read the objects they render by their attributes. At run time they
import only each other, :mod:`projeval.vocabulary` and constants of modules that
never import them back (``cost.RAW_FIXTURE``, ``tool_result.CLASSES``); everything
else only for typing. So a package can hand out its renderer
(``projeval.traces.render_summary``, ``projeval.history.render_diff``) without an
import circle (``tests/test_imports.py``). Nothing is imported here:
``projeval --help`` imports :mod:`.paths` of them and nothing else.
"""
