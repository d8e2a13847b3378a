from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'reference.md.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_game = resolve('game')
    l_0_attribute_rows = resolve('attribute_rows')
    l_0_who = l_0_costs = l_0_kept = l_0_totals = l_0_rows = l_0_with_codes = l_0_with_text = missing
    try:
        t_1 = environment.filters['capitalize']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'capitalize' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_3 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_4 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_5 = environment.filters['rejectattr']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'rejectattr' found.")
    try:
        t_6 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_7 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield '# '
    yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title')))
    yield ': Reference\n\n## Turn at a glance\n'
    l_0_who = (t_4(context.eval_ctx, t_5(context, t_6(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'phases'), 'rewards'), 'everyone')) + t_4(context.eval_ctx, t_6(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'phases'), 'when')))
    context.vars['who'] = l_0_who
    context.exported_vars.add('who')
    yield '\n|! # | Phase'
    if (undefined(name='who') if l_0_who is missing else l_0_who):
        pass
        yield ' | Who'
    yield ' | What happens'
    if (not (undefined(name='who') if l_0_who is missing else l_0_who)):
        pass
        yield ' (everyone)'
    yield '\n\n'
    l_1_loop = missing
    for l_1_phase, l_1_loop in LoopContext(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'phases'), undefined):
        l_1_attribute_name = resolve('attribute_name')
        l_1_when_words = resolve('when_words')
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
                yield 'Everyone; bonus: '
                yield str(environment.finalize(environment.getattr(environment.getattr(l_1_phase, 'rewards'), 'kind')))
                yield ' '
                yield str(environment.finalize(environment.call(context, (undefined(name='attribute_name') if l_1_attribute_name is missing else l_1_attribute_name), environment.getattr(environment.getattr(l_1_phase, 'rewards'), 'attribute'), _loop_vars=_loop_vars)))
                for l_2_t in environment.getattr(l_1_phase, 'also'):
                    _loop_vars = {}
                    pass
                    yield ', '
                    yield str(environment.finalize(environment.getattr(l_2_t, 'kind')))
                    yield ' '
                    yield str(environment.finalize(environment.call(context, (undefined(name='attribute_name') if l_1_attribute_name is missing else l_1_attribute_name), environment.getattr(l_2_t, 'attribute'), _loop_vars=_loop_vars)))
                l_2_t = missing
            elif environment.getattr(l_1_phase, 'rewards'):
                pass
                yield str(environment.finalize(t_1(environment.getattr(environment.getattr(l_1_phase, 'rewards'), 'kind'))))
                yield ' '
                yield str(environment.finalize(environment.call(context, (undefined(name='attribute_name') if l_1_attribute_name is missing else l_1_attribute_name), environment.getattr(environment.getattr(l_1_phase, 'rewards'), 'attribute'), _loop_vars=_loop_vars)))
                for l_2_t in environment.getattr(l_1_phase, 'also'):
                    _loop_vars = {}
                    pass
                    yield ', '
                    yield str(environment.finalize(environment.getattr(l_2_t, 'kind')))
                    yield ' '
                    yield str(environment.finalize(environment.call(context, (undefined(name='attribute_name') if l_1_attribute_name is missing else l_1_attribute_name), environment.getattr(l_2_t, 'attribute'), _loop_vars=_loop_vars)))
                l_2_t = missing
            elif environment.getattr(l_1_phase, 'when'):
                pass
                yield 'When '
                yield str(environment.finalize(environment.call(context, (undefined(name='when_words') if l_1_when_words is missing else l_1_when_words), environment.getattr(l_1_phase, 'when'), _loop_vars=_loop_vars)))
            else:
                pass
                yield 'Everyone'
        yield ' | '
        yield str(environment.finalize((environment.getattr(l_1_phase, 'summary') or environment.getattr(l_1_phase, 'text'))))
        def t_8(fiter):
            for l_2_section in fiter:
                if (l_2_section not in environment.call(context, (undefined(name='optional_steps') if l_1_optional_steps is missing else l_1_optional_steps), environment.getattr(l_1_phase, 'name'))):
                    yield l_2_section
        for l_2_section in t_8(environment.call(context, (undefined(name='sections_for_phase') if l_1_sections_for_phase is missing else l_1_sections_for_phase), environment.getattr(l_1_phase, 'name'), _loop_vars=_loop_vars)):
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
                yield ' | Everyone ('
                yield str(environment.finalize(environment.call(context, (undefined(name='deck_name') if l_2_deck_name is missing else l_2_deck_name), environment.getattr(l_2_step, 'deck'), _loop_vars=_loop_vars)))
                yield ')'
            yield ' | '
            if (not (undefined(name='who') if l_0_who is missing else l_0_who)):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='deck_name') if l_2_deck_name is missing else l_2_deck_name), environment.getattr(l_2_step, 'deck'), _loop_vars=_loop_vars)))
                yield ': '
            yield str(environment.finalize(t_2(context.eval_ctx, environment.getattr(l_2_step, 'text'), ' ')))
            yield '\n'
        l_2_step = l_2_deck_name = missing
        yield '\n'
    l_1_loop = l_1_phase = l_1_attribute_name = l_1_when_words = l_1_sections_for_phase = l_1_number = l_1_optional_steps = missing
    yield '\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'):
        pass
        yield '\n**Hand limit:** '
        yield str(environment.finalize((environment.getattr(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'), 'text') or environment.getattr(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'), 'base'))))
        yield '\n'
    yield '\n\n## Cards: when to play'
    if t_4(context.eval_ctx, t_6(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'card_types'), 'cost')):
        pass
        yield ', what they cost'
    yield '\n'
    l_0_costs = t_4(context.eval_ctx, t_6(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'card_types'), 'cost'))
    context.vars['costs'] = l_0_costs
    context.exported_vars.add('costs')
    yield '\n|! Card type | When'
    if (undefined(name='costs') if l_0_costs is missing else l_0_costs):
        pass
        yield ' | Cost'
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
    l_0_kept = t_4(context.eval_ctx, t_5(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'counters'), 'total'))
    context.vars['kept'] = l_0_kept
    context.exported_vars.add('kept')
    yield '\n'
    l_0_totals = t_4(context.eval_ctx, t_6(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'counters'), 'total'))
    context.vars['totals'] = l_0_totals
    context.exported_vars.add('totals')
    yield '\n'
    if (undefined(name='kept') if l_0_kept is missing else l_0_kept):
        pass
        yield '\n**Counters:** '
        l_1_loop = missing
        for l_1_counter, l_1_loop in LoopContext((undefined(name='kept') if l_0_kept is missing else l_0_kept), undefined):
            _loop_vars = {}
            pass
            yield str(environment.finalize(environment.getattr(l_1_counter, 'name')))
            yield ' (start '
            yield str(environment.finalize(environment.getattr(l_1_counter, 'start')))
            if (not t_7(environment.getattr(l_1_counter, 'min'))):
                pass
                yield ', at least '
                yield str(environment.finalize(environment.getattr(l_1_counter, 'min')))
            if (not t_7(environment.getattr(l_1_counter, 'max'))):
                pass
                yield ', at most '
                yield str(environment.finalize(environment.getattr(l_1_counter, 'max')))
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
    l_0_with_codes = t_4(context.eval_ctx, t_6(context, (undefined(name='rows') if l_0_rows is missing else l_0_rows), 'codes'))
    context.vars['with_codes'] = l_0_with_codes
    context.exported_vars.add('with_codes')
    yield '\n'
    l_0_with_text = t_4(context.eval_ctx, t_6(context, (undefined(name='rows') if l_0_rows is missing else l_0_rows), 'covers'))
    context.vars['with_text'] = l_0_with_text
    context.exported_vars.add('with_text')
    yield '\n'
    if ((undefined(name='with_codes') if l_0_with_codes is missing else l_0_with_codes) or (undefined(name='with_text') if l_0_with_text is missing else l_0_with_text)):
        pass
        yield '\n\n## Attributes\n|! Attribute'
        if (undefined(name='with_codes') if l_0_with_codes is missing else l_0_with_codes):
            pass
            yield ' | On cards'
        if (undefined(name='with_text') if l_0_with_text is missing else l_0_with_text):
            pass
            yield ' | Covers'
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
        yield '\n\n## Card notation\n|! Code | Meaning\n'
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
        def t_9(fiter):
            l_2_table_effect = resolve('table_effect')
            for l_2_row in fiter:
                if environment.call(context, (undefined(name='table_effect') if l_2_table_effect is missing else l_2_table_effect), l_2_row):
                    yield l_2_row
        for l_2_row in t_9(environment.getattr(l_1_table, 'rows')):
            _loop_vars = {}
            pass
            if not isinstance(l_1_third, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_1_third['any'] = True
        l_2_row = missing
        yield '\n|! '
        yield str(environment.finalize((environment.getitem(environment.getattr(l_1_table, 'columns'), 0) if environment.getattr(l_1_table, 'columns') else (environment.getattr(l_1_table, 'die') or 'Key'))))
        yield ' | '
        yield str(environment.finalize((environment.getitem(environment.getattr(l_1_table, 'columns'), 1) if (t_3(environment.getattr(l_1_table, 'columns')) > 1) else 'Result')))
        if environment.getattr((undefined(name='third') if l_1_third is missing else l_1_third), 'any'):
            pass
            yield ' | '
            yield str(environment.finalize((environment.getitem(environment.getattr(l_1_table, 'columns'), 2) if (t_3(environment.getattr(l_1_table, 'columns')) > 2) else 'Effect')))
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
        def t_10(fiter):
            for l_2_row in fiter:
                if environment.getattr(l_2_row, 'erratum'):
                    yield l_2_row
        for l_2_row in t_10(environment.getattr(l_1_table, 'rows')):
            _loop_vars = {}
            pass
            yield '\n'
            def t_11(fiter):
                for l_3_erratum in fiter:
                    if (environment.getattr(l_3_erratum, 'id') == environment.getattr(l_2_row, 'erratum')):
                        yield l_3_erratum
            for l_3_erratum in t_11(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'errata')):
                _loop_vars = {}
                pass
                yield '\n_† '
                yield str(environment.finalize(environment.getattr(l_2_row, 'roll')))
                yield ': '
                yield str(environment.finalize((environment.getattr(l_3_erratum, 'card_note') or environment.getattr(l_3_erratum, 'kit'))))
                yield ' (an erratum: see the rules summary)_\n'
            l_3_erratum = missing
            yield '\n'
        l_2_row = missing
        yield '\n'
    l_1_table = l_1_namespace = l_1_third = missing
    yield '\n'
    def t_12(fiter):
        for l_1_type in fiter:
            if environment.getattr(l_1_type, 'uses'):
                yield l_1_type
    for l_1_type in t_12(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'card_types')):
        _loop_vars = {}
        pass
        yield '\n\n## '
        yield str(environment.finalize((environment.getattr(l_1_type, 'plural') or environment.getattr(l_1_type, 'name'))))
        yield ': uses\nEach '
        yield str(environment.finalize(environment.getattr(l_1_type, 'name')))
        yield ' card can be played for any one of these.\n|! Use | Effect\n'
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
        yield '\n\n## Formulas\n'
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
                yield ', where '
                l_2_loop = missing
                for l_2_variable, l_2_loop in LoopContext(environment.getattr(l_1_formula, 'variables'), undefined):
                    _loop_vars = {}
                    pass
                    yield str(environment.finalize(environment.getattr(l_2_variable, 'name')))
                    yield ' is '
                    yield str(environment.finalize(environment.getattr(l_2_variable, 'meaning')))
                    if (not environment.getattr(l_2_loop, 'last')):
                        pass
                        yield ' and '
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
                    yield '\n_In this table '
                    yield str(environment.finalize(environment.getattr((undefined(name='examples') if l_1_examples is missing else l_1_examples), 'held')))
                    yield '._\n'
                yield '\n'
            yield '\n'
        l_1_loop = l_1_formula = l_1_formula_examples = l_1_examples = missing
        yield '\n'
    yield '\n\n\n'

blocks = {}
debug_info = '2=57&5=59&6=63&8=72&9=81&11=141&12=144&13=149&16=169&17=172&20=175&21=179&22=183&24=187&25=193&28=203&29=207&30=211&31=215&33=236&34=240&35=244&36=248&39=251&41=259&42=263&46=286&47=290&50=300&54=303&55=307&58=314&60=320&62=327&64=332&65=347&67=355&68=360&71=374&72=382&73=390&77=400&79=408&80=410&82=412&83=416&86=424&89=428&90=434&91=455&92=458&93=461&95=474&96=478&99=492&100=495'
