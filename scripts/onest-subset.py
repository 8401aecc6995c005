"""One Onest file for every page (npm run fonts; scripts/fonts.ts calls this).

Usage: python3 scripts/onest-subset.py CHARACTERS_FILE OUT.woff2  (prints the code points it holds, as JSON)

fontsource ships Onest as one variable file per script (Latin, Cyrillic), each with masters at weights
100, 400 and 900. A Bulgarian page needs both, so it waited for two files before its text could show.
This makes one: each script's file is instanced at the two masters the site's weights (400 to 900) lie
between, the two scripts are merged per master, the merged fonts are cut to the characters the site
writes, and the two are built back into one variable font with the same weight axis from 400 to 900:
the same outlines, kerning and interpolation as the originals for every weight the site uses.
Needs fontTools with Brotli (Debian: python3-fonttools python3-brotli).
"""
import json
import os
import sys
import tempfile

from fontTools import subset, varLib
from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor
from fontTools.merge import Merger
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

FILES = os.path.join('node_modules', '@fontsource-variable', 'onest', 'files')
SCRIPTS = ('latin', 'cyrillic')
# The original's masters are 100, 400 and 900, interpolated linearly between: from 400 to 900 the two
# masters below give exactly its shapes.
MASTERS = (400, 900)
FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk']


def master(weight, characters, folder):
    parts = []
    for script in SCRIPTS:
        font = TTFont(os.path.join(FILES, f'onest-{script}-wght-normal.woff2'))
        font.flavor = None
        static = instancer.instantiateVariableFont(font, {'wght': weight})
        if 'STAT' in static:
            del static['STAT']
        path = os.path.join(folder, f'{script}-{weight}.ttf')
        static.save(path)
        parts.append(path)
    merged = Merger().merge(parts)
    options = subset.Options()
    options.layout_features = FEATURES
    options.name_IDs = ['*']
    options.notdef_outline = True
    options.glyph_names = True
    options.hinting = False
    cutter = subset.Subsetter(options)
    cutter.populate(text=characters)
    cutter.subset(merged)
    path = os.path.join(folder, f'merged-{weight}.ttf')
    merged.save(path)
    return path


def main(characters_file, out):
    with open(characters_file, encoding='utf-8') as f:
        characters = f.read()
    design = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name = 'wght', 'Weight'
    axis.minimum, axis.default, axis.maximum = MASTERS[0], MASTERS[0], MASTERS[-1]
    design.addAxis(axis)
    with tempfile.TemporaryDirectory() as folder:
        for weight in MASTERS:
            source = SourceDescriptor()
            source.path = master(weight, characters, folder)
            source.location = {'Weight': weight}
            design.addSource(source)
        font, _, _ = varLib.build(design)
    # The source's dates, so the same characters always make the same file.
    source = TTFont(os.path.join(FILES, f'onest-{SCRIPTS[0]}-wght-normal.woff2'))['head']
    font['head'].created, font['head'].modified = source.created, source.modified
    font.recalcTimestamp = False
    font.flavor = 'woff2'
    font.save(out)
    # The characters the file holds, for the stylesheet's unicode-range (scripts/fonts.ts).
    print(json.dumps(sorted(font.getBestCmap())))


if __name__ == '__main__':
    main(*sys.argv[1:3])
