from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'reference.md.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0__ = resolve('_')
    l_0_game = resolve('game')
    l_0_phases_with_who = resolve('phases_with_who')
    l_0_attribute_rows = resolve('attribute_rows')
    l_0_who = l_0_costs = l_0_kept = l_0_totals = l_0_rows = l_0_with_codes = l_0_with_text = missing
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
        t_4 = environment.filters['rejectattr']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'rejectattr' found.")
    try:
        t_5 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_6 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield '# '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{title}: Reference', title=environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title'))))
    yield '\n\n## '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Turn at a glance')))
    yield '\n'
    l_0_who = (undefined(name='phases_with_who') if l_0_phases_with_who is missing else l_0_phases_with_who)
    context.vars['who'] = l_0_who
    context.exported_vars.add('who')
    yield '\n|! # | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Phase')))
    if (undefined(name='who') if l_0_who is missing else l_0_who):
        pass
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Who')))
    yield ' | '
    if (undefined(name='who') if l_0_who is missing else l_0_who):
        pass
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'What happens')))
    else:
        pass
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'What happens (everyone)')))
    yield '\n\n'
    l_1_loop = missing
    for l_1_phase, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'phases'), undefined):
        l_1_rewarded = resolve('rewarded')
        l_1_unless_flags = resolve('unless_flags')
        l_1_phase_when = resolve('phase_when')
        l_1_sections_for_phase = resolve('sections_for_phase')
        l_1_optional_steps = resolve('optional_steps')
        l_1_number = missing
        _loop_vars = {}
        pass
        yield '\n| '
        yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
        yield ' | **'
        yield str(environment.finalize(environment.getattr(l_1_phase, 'name')))
        yield '**'
        if (undefined(name='who') if l_0_who is missing else l_0_who):
            pass
            yield ' | '
            if (environment.getattr(l_1_phase, 'rewards') and environment.getattr(l_1_phase, 'everyone')):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Everyone; bonus: {reward}', reward=environment.call(context, (undefined(name='rewarded') if l_1_rewarded is missing else l_1_rewarded), environment.getattr(l_1_phase, 'rewards'), _loop_vars=_loop_vars), _loop_vars=_loop_vars)))
                for l_2_t in environment.getattr(l_1_phase, 'also'):
                    _loop_vars = {}
                    pass
                    yield ', '
                    yield str(environment.finalize(environment.call(context, (undefined(name='rewarded') if l_1_rewarded is missing else l_1_rewarded), l_2_t, _loop_vars=_loop_vars)))
                l_2_t = missing
            elif environment.getattr(l_1_phase, 'rewards'):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='rewarded') if l_1_rewarded is missing else l_1_rewarded), environment.getattr(l_1_phase, 'rewards'), True, _loop_vars=_loop_vars)))
                for l_2_t in environment.getattr(l_1_phase, 'also'):
                    _loop_vars = {}
                    pass
                    yield ', '
                    yield str(environment.finalize(environment.call(context, (undefined(name='rewarded') if l_1_rewarded is missing else l_1_rewarded), l_2_t, _loop_vars=_loop_vars)))
                l_2_t = missing
            elif (environment.getattr(l_1_phase, 'when') and (not environment.call(context, (undefined(name='unless_flags') if l_1_unless_flags is missing else l_1_unless_flags), environment.getattr(l_1_phase, 'when'), _loop_vars=_loop_vars))):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='phase_when') if l_1_phase_when is missing else l_1_phase_when), environment.getattr(l_1_phase, 'when'), 'cell', _loop_vars=_loop_vars)))
            else:
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Everyone', _loop_vars=_loop_vars)))
        yield ' | '
        yield str(environment.finalize((environment.getattr(l_1_phase, 'summary') or environment.getattr(l_1_phase, 'text'))))
        def t_7(fiter):
            for l_2_section in fiter:
                if (l_2_section not in environment.call(context, (undefined(name='optional_steps') if l_1_optional_steps is missing else l_1_optional_steps), environment.getattr(l_1_phase, 'name'))):
                    yield l_2_section
        for l_2_section in t_7(environment.call(context, (undefined(name='sections_for_phase') if l_1_sections_for_phase is missing else l_1_sections_for_phase), environment.getattr(l_1_phase, 'name'), _loop_vars=_loop_vars)):
            l_2_deck_name = resolve('deck_name')
            _loop_vars = {}
            pass
            yield ' _'
            if environment.getattr(l_2_section, 'deck'):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='deck_name') if l_2_deck_name is missing else l_2_deck_name), environment.getattr(l_2_section, 'deck'), _loop_vars=_loop_vars)))
                yield ': '
            yield str(environment.finalize(environment.getattr(l_2_section, 'title')))
            yield '._'
        l_2_section = l_2_deck_name = missing
        yield '\n\n'
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
            yield '**'
            if (undefined(name='who') if l_0_who is missing else l_0_who):
                pass
                yield ' | '
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Everyone ({deck})', deck=environment.call(context, (undefined(name='deck_name') if l_2_deck_name is missing else l_2_deck_name), environment.getattr(l_2_step, 'deck'), _loop_vars=_loop_vars), _loop_vars=_loop_vars)))
            yield ' | '
            if (not (undefined(name='who') if l_0_who is missing else l_0_who)):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='deck_name') if l_2_deck_name is missing else l_2_deck_name), environment.getattr(l_2_step, 'deck'), _loop_vars=_loop_vars)))
                yield ': '
            yield str(environment.finalize(t_1(context.eval_ctx, environment.getattr(l_2_step, 'text'), ' ')))
            yield '\n'
        l_2_step = l_2_deck_name = missing
        yield '\n'
    l_1_loop = l_1_phase = l_1_rewarded = l_1_unless_flags = l_1_phase_when = l_1_sections_for_phase = l_1_number = l_1_optional_steps = missing
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'):
        pass
        yield '\n**'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Hand limit:')))
        yield '** '
        yield str(environment.finalize((environment.getattr(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'), 'text') or environment.getattr(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'), 'base'))))
        yield '\n'
    yield '\n\n## '
    if t_3(context.eval_ctx, t_5(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'card_types'), 'cost')):
        pass
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Cards: when to play, what they cost')))
    else:
        pass
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Cards: when to play')))
    yield '\n'
    l_0_costs = t_3(context.eval_ctx, t_5(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'card_types'), 'cost'))
    context.vars['costs'] = l_0_costs
    context.exported_vars.add('costs')
    yield '\n|! '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Card type')))
    yield ' | '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'When')))
    if (undefined(name='costs') if l_0_costs is missing else l_0_costs):
        pass
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Cost')))
    yield '\n\n'
    for l_1_type in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'card_types'):
        l_1_when_to_play = resolve('when_to_play')
        l_1_cost_text = resolve('cost_text')
        _loop_vars = {}
        pass
        yield '\n| **'
        yield str(environment.finalize(environment.getattr(l_1_type, 'name')))
        yield '** | '
        yield str(environment.finalize((environment.call(context, (undefined(name='when_to_play') if l_1_when_to_play is missing else l_1_when_to_play), l_1_type, _loop_vars=_loop_vars) or '-')))
        if (undefined(name='costs') if l_0_costs is missing else l_0_costs):
            pass
            yield ' | '
            yield str(environment.finalize((environment.call(context, (undefined(name='cost_text') if l_1_cost_text is missing else l_1_cost_text), environment.getattr(l_1_type, 'cost'), _loop_vars=_loop_vars) or '-')))
        yield '\n\n'
    l_1_type = l_1_when_to_play = l_1_cost_text = missing
    yield '\n'
    l_0_kept = t_3(context.eval_ctx, t_4(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'counters'), 'total'))
    context.vars['kept'] = l_0_kept
    context.exported_vars.add('kept')
    yield '\n'
    l_0_totals = t_3(context.eval_ctx, t_5(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'counters'), 'total'))
    context.vars['totals'] = l_0_totals
    context.exported_vars.add('totals')
    yield '\n'
    if (undefined(name='kept') if l_0_kept is missing else l_0_kept):
        pass
        yield '\n**'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Counters:')))
        yield '** '
        l_1_loop = missing
        for l_1_counter, l_1_loop in LoopContext((undefined(name='kept') if l_0_kept is missing else l_0_kept), undefined):
            _loop_vars = {}
            pass
            yield str(environment.finalize(environment.getattr(l_1_counter, 'name')))
            yield ' ('
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'start {count}', count=environment.getattr(l_1_counter, 'start'), _loop_vars=_loop_vars)))
            if (not t_6(environment.getattr(l_1_counter, 'min'))):
                pass
                yield ', '
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'at least {count}', count=environment.getattr(l_1_counter, 'min'), _loop_vars=_loop_vars)))
            if (not t_6(environment.getattr(l_1_counter, 'max'))):
                pass
                yield ', '
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'at most {count}', count=environment.getattr(l_1_counter, 'max'), _loop_vars=_loop_vars)))
            yield ')'
            if (not environment.getattr(l_1_loop, 'last')):
                pass
                yield '; '
        l_1_loop = l_1_counter = missing
        yield '.\n'
    yield '\n'
    l_0_rows = environment.call(context, (undefined(name='attribute_rows') if l_0_attribute_rows is missing else l_0_attribute_rows))
    context.vars['rows'] = l_0_rows
    context.exported_vars.add('rows')
    yield '\n'
    l_0_with_codes = t_3(context.eval_ctx, t_5(context, (undefined(name='rows') if l_0_rows is missing else l_0_rows), 'codes'))
    context.vars['with_codes'] = l_0_with_codes
    context.exported_vars.add('with_codes')
    yield '\n'
    l_0_with_text = t_3(context.eval_ctx, t_5(context, (undefined(name='rows') if l_0_rows is missing else l_0_rows), 'covers'))
    context.vars['with_text'] = l_0_with_text
    context.exported_vars.add('with_text')
    yield '\n'
    if ((undefined(name='with_codes') if l_0_with_codes is missing else l_0_with_codes) or (undefined(name='with_text') if l_0_with_text is missing else l_0_with_text)):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Attributes')))
        yield '\n|! '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Attribute')))
        if (undefined(name='with_codes') if l_0_with_codes is missing else l_0_with_codes):
            pass
            yield ' | '
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'On cards')))
        if (undefined(name='with_text') if l_0_with_text is missing else l_0_with_text):
            pass
            yield ' | '
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Covers')))
        yield '\n\n'
        l_1_loop = missing
        for l_1_row, l_1_loop in LoopContext((undefined(name='rows') if l_0_rows is missing else l_0_rows), undefined):
            _loop_vars = {}
            pass
            yield '\n|'
            if (environment.getattr(l_1_row, 'starts_group') and (not environment.getattr(l_1_loop, 'first'))):
                pass
                yield '+'
            yield ' **'
            yield str(environment.finalize(environment.getattr(l_1_row, 'name')))
            yield '**'
            if environment.getattr(l_1_row, 'group'):
                pass
                yield ' ('
                yield str(environment.finalize(environment.getattr(l_1_row, 'group')))
                yield ')'
            if (undefined(name='with_codes') if l_0_with_codes is missing else l_0_with_codes):
                pass
                yield ' | '
                yield str(environment.finalize(environment.getattr(l_1_row, 'codes')))
            if (undefined(name='with_text') if l_0_with_text is missing else l_0_with_text):
                pass
                yield ' | '
                yield str(environment.finalize(environment.getattr(l_1_row, 'covers')))
            yield '\n\n'
        l_1_loop = l_1_row = missing
        yield '\n'
    yield '\n'
    for l_1_counter in (undefined(name='totals') if l_0_totals is missing else l_0_totals):
        _loop_vars = {}
        pass
        yield '\n**'
        yield str(environment.finalize(environment.getattr(l_1_counter, 'name')))
        yield '** = '
        yield str(environment.finalize(environment.getattr(l_1_counter, 'total')))
        if environment.getattr(l_1_counter, 'description'):
            pass
            yield '. '
            yield str(environment.finalize(environment.getattr(l_1_counter, 'description')))
        yield '\n\n'
    l_1_counter = missing
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'notation'):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Card notation')))
        yield '\n|! '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Code')))
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Meaning')))
        yield '\n'
        for l_1_note in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'notation'):
            _loop_vars = {}
            pass
            yield '\n| **'
            yield str(environment.finalize(environment.getattr(l_1_note, 'code')))
            yield '** | '
            yield str(environment.finalize(environment.getattr(l_1_note, 'meaning')))
            yield '\n'
        l_1_note = missing
        yield '\n'
    yield '\n'
    for l_1_table in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'tables'):
        l_1_namespace = resolve('namespace')
        l_1_third = missing
        _loop_vars = {}
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.getattr(l_1_table, 'name')))
        if environment.getattr(l_1_table, 'die'):
            pass
            yield ' ('
            yield str(environment.finalize(environment.getattr(l_1_table, 'die')))
            yield ')'
        yield '\n\n'
        if environment.getattr(l_1_table, 'text'):
            pass
            yield str(environment.finalize(environment.getattr(l_1_table, 'text')))
            yield '\n'
        yield '\n'
        l_1_third = environment.call(context, (undefined(name='namespace') if l_1_namespace is missing else l_1_namespace), any=False, _loop_vars=_loop_vars)
        _loop_vars['third'] = l_1_third
        def t_8(fiter):
            l_2_table_effect = resolve('table_effect')
            for l_2_row in fiter:
                if environment.call(context, (undefined(name='table_effect') if l_2_table_effect is missing else l_2_table_effect), l_2_row):
                    yield l_2_row
        for l_2_row in t_8(environment.getattr(l_1_table, 'rows')):
            _loop_vars = {}
            pass
            if not isinstance(l_1_third, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_1_third['any'] = True
        l_2_row = missing
        yield '\n|! '
        yield str(environment.finalize((environment.getitem(environment.getattr(l_1_table, 'columns'), 0) if environment.getattr(l_1_table, 'columns') else (environment.getattr(l_1_table, 'die') or environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Key', _loop_vars=_loop_vars)))))
        yield ' | '
        yield str(environment.finalize((environment.getitem(environment.getattr(l_1_table, 'columns'), 1) if (t_2(environment.getattr(l_1_table, 'columns')) > 1) else environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Result', _loop_vars=_loop_vars))))
        if environment.getattr((undefined(name='third') if l_1_third is missing else l_1_third), 'any'):
            pass
            yield ' | '
            yield str(environment.finalize((environment.getitem(environment.getattr(l_1_table, 'columns'), 2) if (t_2(environment.getattr(l_1_table, 'columns')) > 2) else environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Effect', _loop_vars=_loop_vars))))
        yield '\n\n'
        for l_2_row in environment.getattr(l_1_table, 'rows'):
            l_2_table_effect = resolve('table_effect')
            _loop_vars = {}
            pass
            yield '\n| '
            yield str(environment.finalize(environment.getattr(l_2_row, 'roll')))
            yield ' | **'
            yield str(environment.finalize(environment.getattr(l_2_row, 'result')))
            yield '**'
            if environment.getattr(l_2_row, 'erratum'):
                pass
                yield ' †'
            if environment.getattr((undefined(name='third') if l_1_third is missing else l_1_third), 'any'):
                pass
                yield ' | '
                yield str(environment.finalize(environment.call(context, (undefined(name='table_effect') if l_2_table_effect is missing else l_2_table_effect), l_2_row, _loop_vars=_loop_vars)))
            yield '\n\n'
        l_2_row = l_2_table_effect = missing
        yield '\n'
        def t_9(fiter):
            for l_2_row in fiter:
                if environment.getattr(l_2_row, 'erratum'):
                    yield l_2_row
        for l_2_row in t_9(environment.getattr(l_1_table, 'rows')):
            _loop_vars = {}
            pass
            yield '\n'
            def t_10(fiter):
                for l_3_erratum in fiter:
                    if (environment.getattr(l_3_erratum, 'id') == environment.getattr(l_2_row, 'erratum')):
                        yield l_3_erratum
            for l_3_erratum in t_10(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'errata')):
                _loop_vars = {}
                pass
                yield '\n_† '
                yield str(environment.finalize(environment.getattr(l_2_row, 'roll')))
                yield ': '
                yield str(environment.finalize((environment.getattr(l_3_erratum, 'card_note') or environment.getattr(l_3_erratum, 'kit'))))
                yield ' ('
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'an erratum: see the rules summary', _loop_vars=_loop_vars)))
                yield ')_\n'
            l_3_erratum = missing
            yield '\n'
        l_2_row = missing
        yield '\n'
    l_1_table = l_1_namespace = l_1_third = missing
    yield '\n'
    def t_11(fiter):
        for l_1_type in fiter:
            if environment.getattr(l_1_type, 'uses'):
                yield l_1_type
    for l_1_type in t_11(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'card_types')):
        _loop_vars = {}
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{types}: uses', types=(environment.getattr(l_1_type, 'plural') or environment.getattr(l_1_type, 'name')), _loop_vars=_loop_vars)))
        yield '\n'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Each {type} card can be played for any one of these.', type=environment.getattr(l_1_type, 'name'), _loop_vars=_loop_vars)))
        yield '\n|! '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Use', _loop_vars=_loop_vars)))
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Effect', _loop_vars=_loop_vars)))
        yield '\n'
        for l_2_use in environment.getattr(l_1_type, 'uses'):
            _loop_vars = {}
            pass
            yield '\n| **'
            yield str(environment.finalize(environment.getattr(l_2_use, 'name')))
            yield '** | '
            yield str(environment.finalize(environment.getattr(l_2_use, 'text')))
            yield '\n'
        l_2_use = missing
        yield '\n'
    l_1_type = missing
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'formulas'):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Formulas')))
        yield '\n'
        l_1_loop = missing
        for l_1_formula, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'formulas'), undefined):
            l_1_formula_examples = resolve('formula_examples')
            l_1_examples = missing
            _loop_vars = {}
            pass
            yield '\n**'
            yield str(environment.finalize(environment.getattr(l_1_formula, 'name')))
            yield ': '
            yield str(environment.finalize(environment.getattr(l_1_formula, 'expression')))
            yield '**'
            if environment.getattr(l_1_formula, 'variables'):
                pass
                yield ', '
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'where', _loop_vars=_loop_vars)))
                yield ' '
                l_2_loop = missing
                for l_2_variable, l_2_loop in LoopContext(environment.getattr(l_1_formula, 'variables'), undefined):
                    _loop_vars = {}
                    pass
                    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{name} is {meaning}', name=environment.getattr(l_2_variable, 'name'), meaning=environment.getattr(l_2_variable, 'meaning'), _loop_vars=_loop_vars)))
                    if (not environment.getattr(l_2_loop, 'last')):
                        pass
                        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), ' and ', _loop_vars=_loop_vars)))
                l_2_loop = l_2_variable = missing
            yield '. '
            yield str(environment.finalize(environment.getattr(l_1_formula, 'text')))
            yield '\n'
            l_1_examples = environment.call(context, (undefined(name='formula_examples') if l_1_formula_examples is missing else l_1_formula_examples), l_1_formula, _loop_vars=_loop_vars)
            _loop_vars['examples'] = l_1_examples
            yield '\n'
            if (undefined(name='examples') if l_1_examples is missing else l_1_examples):
                pass
                yield '\n|! '
                yield str(environment.finalize(environment.getattr((undefined(name='examples') if l_1_examples is missing else l_1_examples), 'corner')))
                yield ' | '
                l_2_loop = missing
                for l_2_value, l_2_loop in LoopContext(environment.getattr((undefined(name='examples') if l_1_examples is missing else l_1_examples), 'columns'), undefined):
                    _loop_vars = {}
                    pass
                    yield str(environment.finalize(l_2_value))
                    if (not environment.getattr(l_2_loop, 'last')):
                        pass
                        yield ' | '
                l_2_loop = l_2_value = missing
                yield '\n\n'
                l_2_loop = missing
                for (l_2_label, l_2_results), l_2_loop in LoopContext(environment.getattr((undefined(name='examples') if l_1_examples is missing else l_1_examples), 'rows'), undefined):
                    _loop_vars = {}
                    pass
                    yield '\n| '
                    yield str(environment.finalize(l_2_label))
                    yield ' | '
                    l_3_loop = missing
                    for l_3_result, l_3_loop in LoopContext(l_2_results, undefined):
                        _loop_vars = {}
                        pass
                        yield str(environment.finalize(l_3_result))
                        if (not environment.getattr(l_3_loop, 'last')):
                            pass
                            yield ' | '
                    l_3_loop = l_3_result = missing
                    yield '\n\n'
                l_2_loop = l_2_label = l_2_results = missing
                yield '\n'
                if environment.getattr((undefined(name='examples') if l_1_examples is missing else l_1_examples), 'held'):
                    pass
                    yield '\n_'
                    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'In this table {values}.', values=environment.getattr((undefined(name='examples') if l_1_examples is missing else l_1_examples), 'held'), _loop_vars=_loop_vars)))
                    yield '_\n'
                yield '\n'
            yield '\n'
        l_1_loop = l_1_formula = l_1_formula_examples = l_1_examples = missing
        yield '\n'
    yield '\n\n\n'

blocks = {}
debug_info = '2=53&4=55&5=57&6=61&8=75&9=85&11=135&12=138&13=143&16=162&17=165&20=170&21=177&22=181&24=189&25=195&28=205&29=209&30=213&31=216&33=240&34=244&35=248&36=252&38=255&39=257&41=268&42=272&46=295&47=299&50=309&52=312&53=314&54=318&55=322&58=329&60=335&62=342&64=347&65=362&67=370&68=375&71=389&72=397&73=405&77=417&79=425&80=427&81=429&82=433&83=437&86=445&88=448&89=451&90=457&91=478&92=481&93=484&95=497&96=501&99=515&100=518'
