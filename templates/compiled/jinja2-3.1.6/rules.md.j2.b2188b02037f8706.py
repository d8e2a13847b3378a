from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'rules.md.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0__ = resolve('_')
    l_0_game = resolve('game')
    l_0_ngettext = resolve('ngettext')
    l_0_vocabulary_lines = resolve('vocabulary_lines')
    l_0_sections_without_deck = resolve('sections_without_deck')
    l_0_one_of = resolve('one_of')
    l_0_cards_with_kit_choices = resolve('cards_with_kit_choices')
    l_0_by_card = resolve('by_card')
    l_0_icons_attribution = resolve('icons_attribution')
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_3 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_4 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_5 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_6 = environment.filters['slice']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'slice' found.")
    try:
        t_7 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield '# '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{title}: Rules Summary', title=environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title'))))
    yield '\n'
    yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'description')))
    yield '\n**'
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Players:')))
    yield '** '
    yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'players')))
    yield '.'
    for l_1_item in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'components'):
        _loop_vars = {}
        pass
        yield ' '
        yield str(environment.finalize(l_1_item))
    l_1_item = missing
    yield '\n\n## '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Your first game')))
    yield '\n### 1. '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Setup')))
    yield '\n'
    l_1_loop = missing
    for l_1_step, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'setup'), undefined):
        _loop_vars = {}
        pass
        yield '\n'
        yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
        yield '. '
        yield str(environment.finalize(l_1_step))
        yield '\n'
    l_1_loop = l_1_step = missing
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'):
        pass
        yield '\n**'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Hand Limit:')))
        yield '** '
        yield str(environment.finalize((environment.getattr(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'), 'text') or environment.call(context, (undefined(name='ngettext') if l_0_ngettext is missing else l_0_ngettext), 'Max hand size is {count} card.', 'Max hand size is {count} cards.', environment.getattr(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'), 'base')))))
        yield '\n'
    yield '\n### 2. '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Play a turn')))
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'turn_text'):
        pass
        yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'turn_text')))
        yield '\n'
    yield '\n|! # | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Phase')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'What you do')))
    yield '\n'
    l_1_loop = missing
    for l_1_phase, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'phases'), undefined):
        l_1_rewarded = resolve('rewarded')
        l_1_phase_when = resolve('phase_when')
        l_1_optional_steps = resolve('optional_steps')
        l_1_number = missing
        _loop_vars = {}
        pass
        yield '\n| '
        yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
        yield ' | **'
        yield str(environment.finalize(environment.getattr(l_1_phase, 'name')))
        yield '**'
        if (environment.getattr(l_1_phase, 'rewards') and (not environment.getattr(l_1_phase, 'everyone'))):
            pass
            yield ' ('
            yield str(environment.finalize(environment.call(context, (undefined(name='rewarded') if l_1_rewarded is missing else l_1_rewarded), environment.getattr(l_1_phase, 'rewards'), _loop_vars=_loop_vars)))
            yield ')'
        elif environment.getattr(l_1_phase, 'when'):
            pass
            yield ' ('
            yield str(environment.finalize(environment.call(context, (undefined(name='phase_when') if l_1_phase_when is missing else l_1_phase_when), environment.getattr(l_1_phase, 'when'), 'note', _loop_vars=_loop_vars)))
            yield ')'
        yield ' | '
        yield str(environment.finalize((environment.getattr(l_1_phase, 'summary') or environment.getattr(l_1_phase, 'text'))))
        yield '\n'
        l_1_number = environment.getattr(l_1_loop, 'index')
        _loop_vars['number'] = l_1_number
        yield '\n'
        for l_2_step in environment.call(context, (undefined(name='optional_steps') if l_1_optional_steps is missing else l_1_optional_steps), environment.getattr(l_1_phase, 'name'), _loop_vars=_loop_vars):
            l_2_deck_name = resolve('deck_name')
            _loop_vars = {}
            pass
            yield '\n| '
            yield str(environment.finalize((undefined(name='number') if l_1_number is missing else l_1_number)))
            yield '+ | **'
            yield str(environment.finalize(environment.getattr(l_2_step, 'title')))
            yield '** ('
            yield str(environment.finalize(environment.call(context, (undefined(name='deck_name') if l_2_deck_name is missing else l_2_deck_name), environment.getattr(l_2_step, 'deck'), _loop_vars=_loop_vars)))
            yield ') | '
            yield str(environment.finalize(t_1(context.eval_ctx, environment.getattr(l_2_step, 'text'), ' ')))
            yield '\n'
        l_2_step = l_2_deck_name = missing
        yield '\n'
    l_1_loop = l_1_phase = l_1_rewarded = l_1_phase_when = l_1_number = l_1_optional_steps = missing
    yield '\n'
    if (environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'tables') or environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'formulas')):
        pass
        yield '\n### 3. '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Where the tables are')))
        yield '\n'
        for l_1_table in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'tables'):
            l_1_table_uses = resolve('table_uses')
            l_1_uses = missing
            _loop_vars = {}
            pass
            yield '\n- **'
            yield str(environment.finalize(environment.getattr(l_1_table, 'name')))
            yield '**'
            if environment.getattr(l_1_table, 'die'):
                pass
                yield ' ('
                yield str(environment.finalize(environment.getattr(l_1_table, 'die')))
                yield ')'
            yield ': '
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'on the Reference sheet', _loop_vars=_loop_vars)))
            l_1_uses = environment.call(context, (undefined(name='table_uses') if l_1_table_uses is missing else l_1_table_uses), l_1_table, _loop_vars=_loop_vars)
            _loop_vars['uses'] = l_1_uses
            if (undefined(name='uses') if l_1_uses is missing else l_1_uses):
                pass
                yield '; '
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'used in {uses}', uses=t_1(context.eval_ctx, (undefined(name='uses') if l_1_uses is missing else l_1_uses), ', '), _loop_vars=_loop_vars)))
            yield '.\n'
        l_1_table = l_1_table_uses = l_1_uses = missing
        yield '\n'
        if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'formulas'):
            pass
            yield '\n- **'
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Formulas')))
            yield '** ('
            yield str(environment.finalize(t_1(context.eval_ctx, t_4(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'formulas'), attribute='name'), ', ')))
            yield '): '
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'on the Reference sheet, with examples.')))
            yield '\n'
        yield '\n'
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'victory_paths'):
        pass
        yield '\n### '
        yield str(environment.finalize((4 if (environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'tables') or environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'formulas')) else 3)))
        yield '. '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'How to win')))
        yield '\n'
        for l_1_path in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'victory_paths'):
            _loop_vars = {}
            pass
            yield '\n[ ] **'
            yield str(environment.finalize(environment.getattr(l_1_path, 'name')))
            yield ':** '
            yield str(environment.finalize(environment.getattr(l_1_path, 'text')))
            yield '\n'
        l_1_path = missing
        yield '\n'
        for l_1_line in (undefined(name='vocabulary_lines') if l_0_vocabulary_lines is missing else l_0_vocabulary_lines):
            _loop_vars = {}
            pass
            yield '\n- '
            yield str(environment.finalize(l_1_line))
            yield '\n'
        l_1_line = missing
        yield '\n'
    yield '\n::page\n'
    for l_1_section in (undefined(name='sections_without_deck') if l_0_sections_without_deck is missing else l_0_sections_without_deck):
        _loop_vars = {}
        pass
        yield '\n## '
        yield str(environment.finalize(environment.getattr(l_1_section, 'title')))
        yield '\n'
        for l_2_paragraph in environment.getattr(l_1_section, 'text'):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(environment.finalize(l_2_paragraph))
            yield '\n'
        l_2_paragraph = missing
        yield '\n'
    l_1_section = missing
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions'):
        pass
        yield '\n## '
        yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions_title')))
        yield '\n'
        if (t_3(context.eval_ctx, t_5(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions'), 'rules')) or t_3(context.eval_ctx, t_5(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions'), 'may_not_play'))):
            pass
            yield '\n'
            l_1_loop = missing
            for l_1_faction, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions'), undefined):
                _loop_vars = {}
                pass
                yield '\n### '
                yield str(environment.finalize(environment.getattr(l_1_faction, 'name')))
                if environment.getattr(l_1_faction, 'traits'):
                    pass
                    yield ' ('
                    yield str(environment.finalize(t_1(context.eval_ctx, environment.getattr(l_1_faction, 'traits'), ', ')))
                    yield ')'
                yield '\n\n'
                if environment.getattr(l_1_faction, 'ability'):
                    pass
                    yield '\n- '
                    yield str(environment.finalize(environment.getattr(l_1_faction, 'ability')))
                    yield '\n'
                yield '\n'
                for l_2_line in environment.getattr(l_1_faction, 'rules'):
                    _loop_vars = {}
                    pass
                    yield '\n- '
                    yield str(environment.finalize(l_2_line))
                    yield '\n'
                l_2_line = missing
                yield '\n'
                if environment.getattr(l_1_faction, 'effects'):
                    pass
                    yield '\n- **'
                    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Starting scores:', _loop_vars=_loop_vars)))
                    yield '** '
                    l_2_loop = missing
                    for l_2_effect, l_2_loop in LoopContext(environment.getattr(l_1_faction, 'effects'), undefined):
                        l_2_effect_text = resolve('effect_text')
                        _loop_vars = {}
                        pass
                        yield str(environment.finalize(environment.call(context, (undefined(name='effect_text') if l_2_effect_text is missing else l_2_effect_text), l_2_effect, _loop_vars=_loop_vars)))
                        if (not environment.getattr(l_2_loop, 'last')):
                            pass
                            yield ', '
                    l_2_loop = l_2_effect = l_2_effect_text = missing
                    yield '\n'
                yield '\n'
            l_1_loop = l_1_faction = missing
            yield '\n'
        else:
            pass
            yield '\n|! '
            yield str(environment.finalize(environment.call(context, (undefined(name='one_of') if l_0_one_of is missing else l_0_one_of), environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions_title'))))
            yield ' | '
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Special Ability')))
            yield '\n'
            l_1_loop = missing
            for l_1_faction, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions'), undefined):
                _loop_vars = {}
                pass
                yield '\n| **'
                yield str(environment.finalize(environment.getattr(l_1_faction, 'name')))
                yield '** | '
                if environment.getattr(l_1_faction, 'ability'):
                    pass
                    yield str(environment.finalize(environment.getattr(l_1_faction, 'ability')))
                elif environment.getattr(l_1_faction, 'effects'):
                    pass
                    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Starting scores:', _loop_vars=_loop_vars)))
                    yield ' '
                    l_2_loop = missing
                    for l_2_effect, l_2_loop in LoopContext(environment.getattr(l_1_faction, 'effects'), undefined):
                        l_2_effect_text = resolve('effect_text')
                        _loop_vars = {}
                        pass
                        yield str(environment.finalize(environment.call(context, (undefined(name='effect_text') if l_2_effect_text is missing else l_2_effect_text), l_2_effect, _loop_vars=_loop_vars)))
                        if (not environment.getattr(l_2_loop, 'last')):
                            pass
                            yield ', '
                    l_2_loop = l_2_effect = l_2_effect_text = missing
                yield '\n'
            l_1_loop = l_1_faction = missing
            yield '\n'
        yield '\n'
    yield '\n\n## '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Turn Sequence')))
    yield '\n'
    l_1_loop = missing
    for l_1_phase, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'phases'), undefined):
        l_1_rewarded = resolve('rewarded')
        l_1_phase_when = resolve('phase_when')
        l_1_sections_for_phase = resolve('sections_for_phase')
        _loop_vars = {}
        pass
        yield '\n'
        yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
        yield '. **'
        yield str(environment.finalize(environment.getattr(l_1_phase, 'name')))
        yield '.** '
        if environment.getattr(l_1_phase, 'rewards'):
            pass
            yield '_'
            if environment.getattr(l_1_phase, 'everyone'):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Everyone; bonus: {reward}', reward=environment.call(context, (undefined(name='rewarded') if l_1_rewarded is missing else l_1_rewarded), environment.getattr(l_1_phase, 'rewards'), _loop_vars=_loop_vars), _loop_vars=_loop_vars)))
            else:
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='rewarded') if l_1_rewarded is missing else l_1_rewarded), environment.getattr(l_1_phase, 'rewards'), True, _loop_vars=_loop_vars)))
            for l_2_t in environment.getattr(l_1_phase, 'also'):
                _loop_vars = {}
                pass
                yield '; '
                yield str(environment.finalize(environment.call(context, (undefined(name='rewarded') if l_1_rewarded is missing else l_1_rewarded), l_2_t, _loop_vars=_loop_vars)))
            l_2_t = missing
            yield ':_ '
        elif environment.getattr(l_1_phase, 'when'):
            pass
            yield '_'
            yield str(environment.finalize(environment.call(context, (undefined(name='phase_when') if l_1_phase_when is missing else l_1_phase_when), environment.getattr(l_1_phase, 'when'), 'sentence', _loop_vars=_loop_vars)))
            yield '_ '
        yield str(environment.finalize(environment.getattr(l_1_phase, 'text')))
        if environment.getattr(l_1_phase, 'flavor'):
            pass
            yield ' _'
            yield str(environment.finalize(environment.getattr(l_1_phase, 'flavor')))
            yield '_'
        for l_2_section in environment.call(context, (undefined(name='sections_for_phase') if l_1_sections_for_phase is missing else l_1_sections_for_phase), environment.getattr(l_1_phase, 'name'), _loop_vars=_loop_vars):
            l_2_deck_name = resolve('deck_name')
            _loop_vars = {}
            pass
            yield ' **'
            yield str(environment.finalize(environment.getattr(l_2_section, 'title')))
            yield '**'
            if environment.getattr(l_2_section, 'deck'):
                pass
                yield ' ('
                yield str(environment.finalize(environment.call(context, (undefined(name='deck_name') if l_2_deck_name is missing else l_2_deck_name), environment.getattr(l_2_section, 'deck'), _loop_vars=_loop_vars)))
                yield ')'
            yield ': '
            yield str(environment.finalize(t_1(context.eval_ctx, environment.getattr(l_2_section, 'text'), ' ')))
        l_2_section = l_2_deck_name = missing
        yield '\n'
    l_1_loop = l_1_phase = l_1_rewarded = l_1_phase_when = l_1_sections_for_phase = missing
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'limits'):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Limits')))
        yield '\n'
        l_1_loop = missing
        for l_1_limit, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'limits'), undefined):
            l_1_limit_breaches = resolve('limit_breaches')
            l_1_breaches = missing
            _loop_vars = {}
            pass
            yield '\n- **'
            yield str(environment.finalize(environment.getattr(l_1_limit, 'name')))
            yield ': '
            yield str(environment.finalize(environment.getattr(l_1_limit, 'check')))
            yield '**, '
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'where', _loop_vars=_loop_vars)))
            yield ' '
            l_2_loop = missing
            for l_2_variable, l_2_loop in LoopContext(environment.getattr(l_1_limit, 'variables'), undefined):
                _loop_vars = {}
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{name} is {meaning}', name=environment.getattr(l_2_variable, 'name'), meaning=environment.getattr(l_2_variable, 'meaning'), _loop_vars=_loop_vars)))
                if (not t_7(environment.getattr(l_2_variable, 'start'))):
                    pass
                    yield ' ('
                    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{count} at the start', count=environment.getattr(l_2_variable, 'start'), _loop_vars=_loop_vars)))
                    yield ')'
                if (not environment.getattr(l_2_loop, 'last')):
                    pass
                    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), ' and ', _loop_vars=_loop_vars)))
            l_2_loop = l_2_variable = missing
            yield '. '
            yield str(environment.finalize(environment.getattr(l_1_limit, 'text')))
            l_1_breaches = environment.call(context, (undefined(name='limit_breaches') if l_1_limit_breaches is missing else l_1_limit_breaches), l_1_limit, _loop_vars=_loop_vars)
            _loop_vars['breaches'] = l_1_breaches
            if (undefined(name='breaches') if l_1_breaches is missing else l_1_breaches):
                pass
                yield ' **'
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Broken at the start:', _loop_vars=_loop_vars)))
                yield '** '
                yield str(environment.finalize((undefined(name='breaches') if l_1_breaches is missing else l_1_breaches)))
                if environment.getattr(l_1_limit, 'erratum'):
                    pass
                    yield ': '
                    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'settled by an erratum (Errata)', _loop_vars=_loop_vars)))
                yield '.'
            yield '\n\n'
        l_1_loop = l_1_limit = l_1_limit_breaches = l_1_breaches = missing
        yield '\n'
    yield '\n'
    def t_8(fiter):
        for l_1_deck in fiter:
            if (not environment.getattr(l_1_deck, 'optional')):
                yield l_1_deck
    for l_1_deck in t_8(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'decks')):
        l_1_sections_for_deck = resolve('sections_for_deck')
        l_1_deck_composition = resolve('deck_composition')
        _loop_vars = {}
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.getattr(l_1_deck, 'name')))
        yield '\n'
        for l_2_section in environment.call(context, (undefined(name='sections_for_deck') if l_1_sections_for_deck is missing else l_1_sections_for_deck), environment.getattr(l_1_deck, 'id'), _loop_vars=_loop_vars):
            _loop_vars = {}
            pass
            yield '\n'
            for l_3_paragraph in environment.getattr(l_2_section, 'text'):
                _loop_vars = {}
                pass
                yield '\n'
                yield str(environment.finalize(l_3_paragraph))
                yield '\n'
            l_3_paragraph = missing
            yield '\n'
        l_2_section = missing
        yield '\n'
        yield str(environment.finalize(environment.call(context, (undefined(name='deck_composition') if l_1_deck_composition is missing else l_1_deck_composition), l_1_deck, _loop_vars=_loop_vars)))
        yield '\n'
    l_1_deck = l_1_sections_for_deck = l_1_deck_composition = missing
    yield '\n'
    def t_9(fiter):
        for l_1_deck in fiter:
            if environment.getattr(l_1_deck, 'optional'):
                yield l_1_deck
    for l_1_deck in t_9(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'decks')):
        l_1_deck_composition = resolve('deck_composition')
        l_1_sections_for_deck = resolve('sections_for_deck')
        _loop_vars = {}
        pass
        yield '\n\n## '
        yield str(environment.finalize((environment.getattr(l_1_deck, 'description') or environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Optional: {deck}', deck=environment.getattr(l_1_deck, 'name'), _loop_vars=_loop_vars))))
        yield '\n'
        yield str(environment.finalize(environment.call(context, (undefined(name='deck_composition') if l_1_deck_composition is missing else l_1_deck_composition), l_1_deck, _loop_vars=_loop_vars)))
        yield '\n'
        for l_2_section in environment.call(context, (undefined(name='sections_for_deck') if l_1_sections_for_deck is missing else l_1_sections_for_deck), environment.getattr(l_1_deck, 'id'), _loop_vars=_loop_vars):
            _loop_vars = {}
            pass
            yield '\n### '
            yield str(environment.finalize(environment.getattr(l_2_section, 'title')))
            yield '\n'
            for l_3_paragraph in environment.getattr(l_2_section, 'text'):
                _loop_vars = {}
                pass
                yield '\n'
                yield str(environment.finalize(l_3_paragraph))
                yield '\n'
            l_3_paragraph = missing
            yield '\n'
        l_2_section = missing
        yield '\n'
    l_1_deck = l_1_deck_composition = l_1_sections_for_deck = missing
    yield '\n'
    if (environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'kit_choices') or environment.call(context, (undefined(name='cards_with_kit_choices') if l_0_cards_with_kit_choices is missing else l_0_cards_with_kit_choices))):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Choices this kit makes')))
        yield '\n'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), "The source does not give these values; the kit chose them so the game can be played. Why, in the source's own words: the designer's notes (designer-notes.pdf in the kit; no need to print them).")))
        yield '\n'
        l_1_loop = missing
        for l_1_choice, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'kit_choices'), undefined):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
            yield '. '
            yield str(environment.finalize(environment.getattr(l_1_choice, 'what')))
            yield '\n'
        l_1_loop = l_1_choice = missing
        yield '\n'
        l_0_by_card = environment.call(context, (undefined(name='cards_with_kit_choices') if l_0_cards_with_kit_choices is missing else l_0_cards_with_kit_choices))
        context.vars['by_card'] = l_0_by_card
        context.exported_vars.add('by_card')
        yield '\n'
        if (t_2((undefined(name='by_card') if l_0_by_card is missing else l_0_by_card)) > 5):
            pass
            yield '\n::columns\n'
            l_1_loop = missing
            for l_1_column, l_1_loop in LoopContext(t_6(context.eval_ctx, (undefined(name='by_card') if l_0_by_card is missing else l_0_by_card), 2), undefined):
                _loop_vars = {}
                pass
                yield '\n'
                for (l_2_choice, l_2_names) in l_1_column:
                    _loop_vars = {}
                    pass
                    yield '\n- **'
                    yield str(environment.finalize(t_1(context.eval_ctx, l_2_names, ', ')))
                    yield ':** '
                    yield str(environment.finalize(l_2_choice))
                    yield '\n'
                l_2_choice = l_2_names = missing
                yield '\n'
                if (not environment.getattr(l_1_loop, 'last')):
                    pass
                    yield '\n::next\n'
                yield '\n'
            l_1_loop = l_1_column = missing
            yield '\n::end\n'
        else:
            pass
            yield '\n'
            for (l_1_choice, l_1_names) in (undefined(name='by_card') if l_0_by_card is missing else l_0_by_card):
                _loop_vars = {}
                pass
                yield '\n- **'
                yield str(environment.finalize(t_1(context.eval_ctx, l_1_names, ', ')))
                yield ':** '
                yield str(environment.finalize(l_1_choice))
                yield '\n'
            l_1_choice = l_1_names = missing
            yield '\n'
        yield '\n'
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'errata'):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Errata this kit applies')))
        yield '\n'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), "Where the source contradicts itself or misspells a name, this kit plays and prints as follows. A dagger (†) on a card or a table row marks what an erratum changed; the designer's notes give the source's words and why.")))
        yield '\n'
        l_1_loop = missing
        for l_1_erratum, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'errata'), undefined):
            l_1_erratum_owners = resolve('erratum_owners')
            l_1_cards = missing
            _loop_vars = {}
            pass
            yield '\n'
            l_1_cards = environment.call(context, (undefined(name='erratum_owners') if l_1_erratum_owners is missing else l_1_erratum_owners), environment.getattr(l_1_erratum, 'id'), _loop_vars=_loop_vars)
            _loop_vars['cards'] = l_1_cards
            yield '\n'
            yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
            yield '. '
            if (undefined(name='cards') if l_1_cards is missing else l_1_cards):
                pass
                yield '**'
                yield str(environment.finalize(t_1(context.eval_ctx, (undefined(name='cards') if l_1_cards is missing else l_1_cards), ', ')))
                yield ':** '
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'kit')))
            yield '\n'
        l_1_loop = l_1_erratum = l_1_erratum_owners = l_1_cards = missing
        yield '\n'
    yield '\n'
    if ((environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'attribution') or environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'disclaimer')) or (undefined(name='icons_attribution') if l_0_icons_attribution is missing else l_0_icons_attribution)):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Credits')))
        yield '\n'
        if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'attribution'):
            pass
            yield '\n'
            yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'attribution')))
            yield '\n'
        yield '\n'
        if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'disclaimer'):
            pass
            yield '\n\n**'
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), "Disclaimer (the source's own words):")))
            yield '** '
            yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'disclaimer')))
            yield '\n'
        yield '\n'
        if (undefined(name='icons_attribution') if l_0_icons_attribution is missing else l_0_icons_attribution):
            pass
            yield '\n\n_'
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{credit}: https://creativecommons.org/licenses/by/3.0/ (the licence ships with kitgen as templates/icons/LICENSE-game-icons.txt).', credit=(undefined(name='icons_attribution') if l_0_icons_attribution is missing else l_0_icons_attribution))))
            yield '_\n'
        yield '\n'
    yield '\n'

blocks = {}
debug_info = '2=63&3=65&4=67&6=78&7=80&8=83&9=87&11=93&12=96&14=101&15=103&17=108&18=113&19=121&20=138&21=141&22=146&25=158&26=161&27=163&28=169&30=187&31=190&34=198&35=201&36=205&37=209&39=215&40=219&44=224&45=228&46=230&47=234&50=240&51=243&52=245&53=249&54=253&56=260&57=263&59=266&60=270&62=274&63=277&67=296&68=301&69=305&74=329&75=332&76=339&78=388&80=391&81=394&82=400&86=439&88=449&89=451&90=455&91=459&94=465&96=469&98=479&99=481&100=483&101=487&102=489&103=493&107=501&109=504&110=506&111=509&112=513&114=519&115=523&117=527&118=531&119=535&121=541&127=550&128=554&132=562&134=565&135=567&136=570&137=576&138=579&141=591&143=594&144=596&145=599&147=602&149=605&151=610&153=613'
