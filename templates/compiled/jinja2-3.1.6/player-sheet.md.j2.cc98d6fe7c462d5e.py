from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'player-sheet.md.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_namespace = resolve('namespace')
    l_0_tracks = resolve('tracks')
    l_0__ = resolve('_')
    l_0_game = resolve('game')
    l_0_one_of = resolve('one_of')
    l_0_sheet_counters = resolve('sheet_counters')
    l_0_range = resolve('range')
    l_0_half = resolve('half')
    l_0_rows = l_0_upright = l_0_paths = l_0_half_paths = missing
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
        t_3 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    pass
    l_0_rows = environment.call(context, (undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), count=0)
    context.vars['rows'] = l_0_rows
    context.exported_vars.add('rows')
    yield '\n'
    for l_1_track in (undefined(name='tracks') if l_0_tracks is missing else l_0_tracks):
        l_1_track_rows = resolve('track_rows')
        _loop_vars = {}
        pass
        if not isinstance(l_0_rows, Namespace):
            raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
        l_0_rows['count'] = (environment.getattr((undefined(name='rows') if l_0_rows is missing else l_0_rows), 'count') + t_2(environment.call(context, (undefined(name='track_rows') if l_1_track_rows is missing else l_1_track_rows), l_1_track, _loop_vars=_loop_vars)))
    l_1_track = l_1_track_rows = missing
    yield '\n'
    if (environment.getattr((undefined(name='rows') if l_0_rows is missing else l_0_rows), 'count') <= 24):
        pass
        yield '\n::landscape\n'
    yield '\n# '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '{title}: Player Sheet', title=environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title'))))
    yield '\n::table grid 8mm 28mm\n'
    if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions'):
        pass
        yield '\n| '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Player')))
        yield ' | | '
        yield str(environment.finalize(environment.call(context, (undefined(name='one_of') if l_0_one_of is missing else l_0_one_of), environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions_title'))))
        yield ' | | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Starting bonus')))
        yield ' | | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Turn order')))
        yield ' |\n'
    else:
        pass
        yield '\n| '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Player')))
        yield ' | | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Turn order')))
        yield ' | | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Notes')))
        yield ' |\n'
    yield '\n'
    for l_1_track in (undefined(name='tracks') if l_0_tracks is missing else l_0_tracks):
        l_1_track_columns = resolve('track_columns')
        l_1_track_rows = resolve('track_rows')
        _loop_vars = {}
        pass
        yield '::table grid 6mm 34mm\n|! '
        yield str(environment.finalize(environment.getattr(l_1_track, 'name')))
        if environment.getattr(l_1_track, 'start'):
            pass
            yield ' | '
            yield str(environment.finalize(environment.getattr(l_1_track, 'start')))
        for l_2_column in environment.call(context, (undefined(name='range') if l_0_range is missing else l_0_range), 1, (environment.call(context, (undefined(name='track_columns') if l_1_track_columns is missing else l_1_track_columns), l_1_track, _loop_vars=_loop_vars) + 1), _loop_vars=_loop_vars):
            _loop_vars = {}
            pass
            yield ' | '
            yield str(environment.finalize(l_2_column))
        l_2_column = missing
        yield '\n'
        for l_2_row in environment.call(context, (undefined(name='track_rows') if l_1_track_rows is missing else l_1_track_rows), l_1_track, _loop_vars=_loop_vars):
            l_2_start_of = resolve('start_of')
            _loop_vars = {}
            pass
            yield '\n| **'
            yield str(environment.finalize(l_2_row))
            yield '**'
            if environment.getattr(l_1_track, 'start'):
                pass
                yield ' | '
                yield str(environment.finalize(environment.call(context, (undefined(name='start_of') if l_2_start_of is missing else l_2_start_of), l_2_row, _loop_vars=_loop_vars)))
            for l_3_column in environment.call(context, (undefined(name='range') if l_0_range is missing else l_0_range), environment.call(context, (undefined(name='track_columns') if l_1_track_columns is missing else l_1_track_columns), l_1_track, _loop_vars=_loop_vars), _loop_vars=_loop_vars):
                _loop_vars = {}
                pass
                yield ' | '
            l_3_column = missing
            yield '\n'
        l_2_row = l_2_start_of = missing
        yield '\n'
    l_1_track = l_1_track_columns = l_1_track_rows = missing
    yield '\n'
    if (undefined(name='sheet_counters') if l_0_sheet_counters is missing else l_0_sheet_counters):
        pass
        yield '\n### '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Counters')))
        yield '\n::table grid 6mm 34mm\n|! '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Counter')))
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Start')))
        for l_1_column in environment.call(context, (undefined(name='range') if l_0_range is missing else l_0_range), 1, (environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'turns') + 1)):
            _loop_vars = {}
            pass
            yield ' | '
            yield str(environment.finalize(l_1_column))
        l_1_column = missing
        yield '\n'
        for l_1_counter in (undefined(name='sheet_counters') if l_0_sheet_counters is missing else l_0_sheet_counters):
            _loop_vars = {}
            pass
            yield '\n| **'
            yield str(environment.finalize(environment.getattr(l_1_counter, 'name')))
            yield '** | '
            yield str(environment.finalize(environment.getattr(l_1_counter, 'start')))
            for l_2_column in environment.call(context, (undefined(name='range') if l_0_range is missing else l_0_range), environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'turns'), _loop_vars=_loop_vars):
                _loop_vars = {}
                pass
                yield ' | '
            l_2_column = missing
            yield '\n'
        l_1_counter = missing
        yield '\n'
    yield '\n'
    for l_1_note in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'sheet_notes'):
        _loop_vars = {}
        pass
        yield '\n- '
        yield str(environment.finalize(l_1_note))
        yield '\n'
    l_1_note = missing
    l_0_upright = (environment.getattr((undefined(name='rows') if l_0_rows is missing else l_0_rows), 'count') > 24)
    context.vars['upright'] = l_0_upright
    context.exported_vars.add('upright')
    yield '\n'
    l_0_paths = environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'victory_paths')
    context.vars['paths'] = l_0_paths
    context.exported_vars.add('paths')
    yield '\n'
    l_0_half_paths = (((t_2((undefined(name='paths') if l_0_paths is missing else l_0_paths)) + 1) // 2) if (undefined(name='upright') if l_0_upright is missing else l_0_upright) else t_2((undefined(name='paths') if l_0_paths is missing else l_0_paths)))
    context.vars['half_paths'] = l_0_half_paths
    context.exported_vars.add('half_paths')
    yield '\n::columns\n### '
    yield str(environment.finalize((environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Paths to Victory') if (t_2((undefined(name='paths') if l_0_paths is missing else l_0_paths)) > 1) else environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Victory'))))
    yield '\n'
    for l_1_path in (undefined(name='paths') if l_0_paths is missing else l_0_paths)[:(undefined(name='half_paths') if l_0_half_paths is missing else l_0_half_paths)]:
        _loop_vars = {}
        pass
        yield '\n[ ] **'
        yield str(environment.finalize(environment.getattr(l_1_path, 'name')))
        yield ':** '
        yield str(environment.finalize(environment.getattr(l_1_path, 'text')))
        yield '\n'
    l_1_path = missing
    yield '\n'
    if (environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit') and (not (undefined(name='upright') if l_0_upright is missing else l_0_upright))):
        pass
        yield '**'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Hand limit:')))
        yield '** '
        yield str(environment.finalize((environment.getattr(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'), 'text') or environment.getattr(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'hand_limit'), 'base'))))
        yield '\n'
    yield '\n'
    if (undefined(name='upright') if l_0_upright is missing else l_0_upright):
        pass
        yield '\n::next\n'
        for l_1_path in (undefined(name='paths') if l_0_paths is missing else l_0_paths)[(undefined(name='half_paths') if l_0_half_paths is missing else l_0_half_paths):]:
            _loop_vars = {}
            pass
            yield '\n[ ] **'
            yield str(environment.finalize(environment.getattr(l_1_path, 'name')))
            yield ':** '
            yield str(environment.finalize(environment.getattr(l_1_path, 'text')))
            yield '\n'
        l_1_path = missing
        yield '\n'
        if environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions'):
            pass
            yield '\n**'
            yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions_title')))
            yield ':** '
            yield str(environment.finalize(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions'), attribute='name'), ', ')))
            yield ' ('
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'what each brings: the rules summary')))
            yield ').\n'
        yield '\n'
    yield '\n'
    if (environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions') and (not (undefined(name='upright') if l_0_upright is missing else l_0_upright))):
        pass
        yield '\n'
        l_0_half = ((t_2(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions')) + 1) // 2)
        context.vars['half'] = l_0_half
        context.exported_vars.add('half')
        yield '\n::next\n### '
        yield str(environment.finalize(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions_title')))
        yield '\n'
        for l_1_faction in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions')[:(undefined(name='half') if l_0_half is missing else l_0_half)]:
            _loop_vars = {}
            pass
            yield '\n- **'
            yield str(environment.finalize(environment.getattr(l_1_faction, 'name')))
            yield ':** '
            yield str(environment.finalize((environment.getattr(l_1_faction, 'ability') or t_1(context.eval_ctx, environment.getattr(l_1_faction, 'traits'), ', '))))
            yield '\n'
        l_1_faction = missing
        yield '\n::next\n'
        for l_1_faction in environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'factions')[(undefined(name='half') if l_0_half is missing else l_0_half):]:
            _loop_vars = {}
            pass
            yield '\n- **'
            yield str(environment.finalize(environment.getattr(l_1_faction, 'name')))
            yield ':** '
            yield str(environment.finalize((environment.getattr(l_1_faction, 'ability') or t_1(context.eval_ctx, environment.getattr(l_1_faction, 'traits'), ', '))))
            yield '\n'
        l_1_faction = missing
        yield '\n'
    yield '\n::end\n'

blocks = {}
debug_info = '5=38&6=42&7=51&10=55&12=57&13=60&15=71&17=78&20=84&21=96&22=101&25=117&26=120&28=122&29=132&30=136&33=148&34=152&37=155&38=159&39=163&41=167&42=169&43=173&45=179&46=182&48=187&50=190&51=194&53=200&54=203&57=211&58=214&60=218&61=220&62=224&65=230&66=234'
