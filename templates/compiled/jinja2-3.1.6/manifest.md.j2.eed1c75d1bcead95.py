from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'manifest.md.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0__ = resolve('_')
    l_0_game = resolve('game')
    l_0_kit = resolve('kit')
    l_0_ngettext = resolve('ngettext')
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
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{title}: Print Manifest', title=environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title'))))
    yield '\n'
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Print every file at **100% (actual size)**, never "fit to page": check the 50 mm bar on each card sheet with a ruler.')))
    yield '\n**'
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Paper:')))
    yield '** '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'paper')))
    yield '.  **'
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Cards:')))
    yield '** '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'card_size')))
    yield '.  **'
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Layout:')))
    yield '** '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'layout')))
    yield '.  **'
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Duplex:')))
    yield '** '
    yield str(environment.finalize(environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'duplex')))
    yield '.\n\n## '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'What to print')))
    yield '\n|! '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'File')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'What')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Pages')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Sheets of paper')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'How')))
    yield '\n'
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
    yield '\n\n**'
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Sheets of paper in all: {count}', count=environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'sheets_one_sided'))))
    yield '**'
    if (environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'sheets_double_sided') != environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'sheets_one_sided')):
        pass
        yield ' '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'with the documents printed one-sided as above, or **{count}** with the rules, reference and player sheets printed double-sided', count=environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'sheets_double_sided'))))
    yield ' ('
    yield str(environment.finalize(environment.call(context, (undefined(name='ngettext') if l_0_ngettext is missing else l_0_ngettext), 'one copy of each file, and a player sheet for each of {count} player', 'one copy of each file, and a player sheet for each of {count} players', environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'players'))))
    yield ').\n\n'
    if environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'also_need'):
        pass
        yield '\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'You also need')))
        yield '\n'
        for l_1_item in environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'also_need'):
            _loop_vars = {}
            pass
            yield '\n[ ] '
            if environment.getattr(l_1_item, 'count'):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{label}: {value}', label=str_join(('**', environment.getattr(l_1_item, 'name'), '**', )), value=environment.getattr(l_1_item, 'count'), _loop_vars=_loop_vars)))
            else:
                pass
                yield '**'
                yield str(environment.finalize(environment.getattr(l_1_item, 'name')))
                yield '**'
            if environment.getattr(l_1_item, 'why'):
                pass
                yield ' ('
                yield str(environment.finalize(environment.getattr(l_1_item, 'why')))
                yield ')'
            yield '\n'
        l_1_item = missing
        yield '\n'
    yield '\n\n## '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Decks')))
    yield '\n|! '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Deck')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Code')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Cards')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Printed on the back')))
    yield '\n'
    for l_1_deck in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'decks'):
        l_1_cards_in = resolve('cards_in')
        _loop_vars = {}
        pass
        yield '\n| **'
        yield str(environment.finalize(environment.getattr(l_1_deck, 'name')))
        yield '**'
        if environment.getattr(l_1_deck, 'optional'):
            pass
            yield ' ('
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'optional', _loop_vars=_loop_vars)))
            yield ')'
        yield ' | '
        yield str(environment.finalize(environment.getattr(l_1_deck, 'code')))
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='cards_in') if l_1_cards_in is missing else l_1_cards_in), l_1_deck, _loop_vars=_loop_vars)))
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{label}: {value}', label=(environment.getattr(environment.getattr(l_1_deck, 'back'), 'title') or environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title')), value=(environment.getattr(environment.getattr(l_1_deck, 'back'), 'subtitle') or environment.getattr(l_1_deck, 'name')), _loop_vars=_loop_vars)))
        yield '\n'
    l_1_deck = l_1_cards_in = missing
    yield '\n\n## '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'After cutting')))
    yield '\n[ ] '
    yield str(environment.finalize((environment.getattr((undefined(name='kit') if l_0_kit is missing else l_0_kit), 'cutting') or environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Cut along the crop marks in the margins: each mark continues a cut line.'))))
    yield '\n'
    for l_1_deck in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'decks'):
        l_1_deck_composition = resolve('deck_composition')
        l_1_cards_in = resolve('cards_in')
        _loop_vars = {}
        pass
        yield '\n[ ] '
        yield str(environment.finalize(t_3(context.eval_ctx, environment.call(context, (undefined(name='deck_composition') if l_1_deck_composition is missing else l_1_deck_composition), l_1_deck, _loop_vars=_loop_vars), '**', '')))
        yield ' '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), "Sort by the code in the corner: {code} and the card's number, 001 to {last}", code=environment.getattr(l_1_deck, 'code'), last=t_1('%03d', t_2(environment.getattr(l_1_deck, 'cards'))), _loop_vars=_loop_vars)))
        if (t_2(environment.getattr(l_1_deck, 'cards')) < environment.call(context, (undefined(name='cards_in') if l_1_cards_in is missing else l_1_cards_in), l_1_deck, _loop_vars=_loop_vars)):
            pass
            yield ' ('
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'copies of a card share its number', _loop_vars=_loop_vars)))
            yield ')'
        yield '.\n'
    l_1_deck = l_1_deck_composition = l_1_cards_in = missing
    yield '\n[ ] '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Print one player sheet per player, and a reference sheet for each side of the table.')))
    yield '\n'
    if (undefined(name='icons_attribution') if l_0_icons_attribution is missing else l_0_icons_attribution):
        pass
        yield '\n\n_'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{credit}: https://creativecommons.org/licenses/by/3.0/ (the licence ships with kitgen as templates/icons/LICENSE-game-icons.txt).', credit=(undefined(name='icons_attribution') if l_0_icons_attribution is missing else l_0_icons_attribution))))
        yield '_\n'
    yield '\n'

blocks = {}
debug_info = '2=35&3=37&4=39&6=55&7=57&8=67&9=71&12=83&14=92&15=95&16=97&17=101&21=118&22=120&23=128&24=133&27=149&28=151&29=153&30=159&32=170&33=172&35=175'
