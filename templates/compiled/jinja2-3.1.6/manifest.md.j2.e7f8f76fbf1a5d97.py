from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'manifest.md.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_game = resolve('game')
    l_0_kit = resolve('kit')
    l_0_icons_attribution = resolve('icons_attribution')
    try:
        t_1 = environment.filters['format']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'format' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_3 = environment.filters['replace']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'replace' found.")
    pass
    yield '# '
    yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title')))
    yield ': Print Manifest\nPrint every file at **100% (actual size)**, never "fit to page": check the 50 mm bar on each card sheet with a ruler.\n**Paper:** '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'paper')))
    yield '.  **Cards:** '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'card_size')))
    yield '.  **Layout:** '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'layout')))
    yield '.  **Duplex:** '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'duplex')))
    yield '.\n\n## What to print\n|! File | What | Pages | Sheets of paper | How\n'
    for l_1_file in environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'files'):
        _loop_vars = {}
        pass
        yield '\n| **'
        yield str(environment.finalize(environment.getattr(l_1_file, 'name')))
        yield '** | '
        yield str(environment.finalize(environment.getattr(l_1_file, 'what')))
        yield ' | '
        yield str(environment.finalize(environment.getattr(l_1_file, 'pages')))
        yield ' | '
        yield str(environment.finalize(environment.getattr(l_1_file, 'sheets')))
        yield ' | '
        yield str(environment.finalize(environment.getattr(l_1_file, 'how')))
        yield '\n'
    l_1_file = missing
    yield '\n\n**Sheets of paper in all: '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'sheets_one_sided')))
    yield '**'
    if (environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'sheets_double_sided') != environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'sheets_one_sided')):
        pass
        yield ' with the documents printed one-sided as above, or **'
        yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'sheets_double_sided')))
        yield '** with the rules, reference and player sheets printed double-sided'
    yield ' (one copy of each file, and a player sheet for each of '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'players')))
    yield ' players).\n\n'
    if environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'also_need'):
        pass
        yield '\n## You also need\n'
        for l_1_item in environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'also_need'):
            _loop_vars = {}
            pass
            yield '\n[ ] **'
            yield str(environment.finalize(environment.getattr(l_1_item, 'name')))
            yield '**'
            if environment.getattr(l_1_item, 'count'):
                pass
                yield ': '
                yield str(environment.finalize(environment.getattr(l_1_item, 'count')))
            if environment.getattr(l_1_item, 'why'):
                pass
                yield ' ('
                yield str(environment.finalize(environment.getattr(l_1_item, 'why')))
                yield ')'
            yield '\n'
        l_1_item = missing
        yield '\n'
    yield '\n\n## Decks\n|! Deck | Code | Cards | Printed on the back\n'
    for l_1_deck in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'decks'):
        l_1_cards_in = resolve('cards_in')
        _loop_vars = {}
        pass
        yield '\n| **'
        yield str(environment.finalize(environment.getattr(l_1_deck, 'name')))
        yield '**'
        if environment.getattr(l_1_deck, 'optional'):
            pass
            yield ' (optional)'
        yield ' | '
        yield str(environment.finalize(environment.getattr(l_1_deck, 'code')))
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='cards_in') if l_1_cards_in is missing else l_1_cards_in), l_1_deck, _loop_vars=_loop_vars)))
        yield ' | '
        yield str(environment.finalize((environment.getattr(environment.getattr(l_1_deck, 'back'), 'title') or environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title'))))
        yield ': '
        yield str(environment.finalize((environment.getattr(environment.getattr(l_1_deck, 'back'), 'subtitle') or environment.getattr(l_1_deck, 'name'))))
        yield '\n'
    l_1_deck = l_1_cards_in = missing
    yield '\n\n## After cutting\n[ ] '
    yield str(environment.finalize((environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'cutting') or 'Cut along the crop marks in the margins: each mark continues a cut line.')))
    yield '\n'
    for l_1_deck in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'decks'):
        l_1_deck_composition = resolve('deck_composition')
        l_1_cards_in = resolve('cards_in')
        _loop_vars = {}
        pass
        yield '\n[ ] '
        yield str(environment.finalize(t_3(context.eval_ctx, environment.call(context, (undefined(name='deck_composition') if l_1_deck_composition is missing else l_1_deck_composition), l_1_deck, _loop_vars=_loop_vars), '**', '')))
        yield ' Sort by the code in the corner: '
        yield str(environment.finalize(environment.getattr(l_1_deck, 'code')))
        yield " and the card's number, 001 to "
        yield str(environment.finalize(t_1('%03d', t_2(environment.getattr(l_1_deck, 'cards')))))
        if (t_2(environment.getattr(l_1_deck, 'cards')) < environment.call(context, (undefined(name='cards_in') if l_1_cards_in is missing else l_1_cards_in), l_1_deck, _loop_vars=_loop_vars)):
            pass
            yield ' (copies of a card share its number)'
        yield '.\n'
    l_1_deck = l_1_deck_composition = l_1_cards_in = missing
    yield '\n[ ] Print one player sheet per player, and a reference sheet for each side of the table.\n'
    if (undefined(name='icons_attribution') if l_0_icons_attribution is missing else l_0_icons_attribution):
        pass
        yield '\n\n_'
        yield str(environment.finalize((undefined(name='icons_attribution') if l_0_icons_attribution is missing else l_0_icons_attribution)))
        yield ': https://creativecommons.org/licenses/by/3.0/ (the licence ships with kitgen as templates/icons/LICENSE-game-icons.txt)._\n'
    yield '\n'

blocks = {}
debug_info = '2=33&4=35&8=43&9=47&12=59&14=69&16=72&17=76&23=91&24=96&28=112&29=114&30=120&33=131&35=134'
