from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'designer-notes.md.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_designer = resolve('designer')
    l_0__ = resolve('_')
    l_0_whole = missing
    pass
    l_0_whole = environment.getattr((undefined(name='designer') if l_0_designer is missing else l_0_designer), 'game')
    context.vars['whole'] = l_0_whole
    context.exported_vars.add('whole')
    yield '\n# '
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), "{title}: Designer's Notes", title=environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'title'))))
    yield '\n'
    yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), "Not for the table: the rules summary gives players every choice and erratum in plain words. These notes give, for the game's designer, each one's name in the game's data, the source's own words (l.N is a line of the source document) and why the kit settles it so; then what only the balance lab reads, and what it found.")))
    yield '\n'
    if environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'source'):
        pass
        yield '\n**'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Source document:')))
        yield '** '
        yield str(environment.finalize(environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'source')))
        yield '.\n'
    yield '\n'
    if environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'kit_choices'):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Choices')))
        yield '\n'
        l_1_loop = missing
        for l_1_choice, l_1_loop in LoopContext(environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'kit_choices'), undefined):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
            yield '. _'
            yield str(environment.finalize(environment.getattr(l_1_choice, 'id')))
            yield ':_ '
            if (environment.getattr(l_1_choice, 'audience') == 'simulator'):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '(for the simulator only: not in the rules summary)', _loop_vars=_loop_vars)))
                yield ' '
            elif (environment.getattr(l_1_choice, 'audience') != 'players'):
                pass
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), '(for the designers only: not in the rules summary)', _loop_vars=_loop_vars)))
                yield ' '
            yield str(environment.finalize(environment.getattr(l_1_choice, 'what')))
            yield ' **'
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Why:', _loop_vars=_loop_vars)))
            yield '** '
            yield str(environment.finalize(environment.getattr(l_1_choice, 'why')))
            yield '\n'
        l_1_loop = l_1_choice = missing
        yield '\n'
    yield '\n'
    if environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'errata'):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Errata')))
        yield '\n'
        l_1_loop = missing
        for l_1_erratum, l_1_loop in LoopContext(environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'errata'), undefined):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
            yield '. _'
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'id')))
            yield ':_ **'
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'The source says:', _loop_vars=_loop_vars)))
            yield '** '
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'seed')))
            yield ' **'
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'The kit:', _loop_vars=_loop_vars)))
            yield '** '
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'kit')))
            yield ' **'
            yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Why:', _loop_vars=_loop_vars)))
            yield '** '
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'why')))
            if environment.getattr(l_1_erratum, 'card_note'):
                pass
                yield ' **'
                yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'On its cards:', _loop_vars=_loop_vars)))
                yield '** '
                yield str(environment.finalize(environment.getattr(l_1_erratum, 'card_note')))
            yield '\n\n'
        l_1_loop = l_1_erratum = missing
        yield '\n'
    yield '\n'
    if environment.getattr((undefined(name='designer') if l_0_designer is missing else l_0_designer), 'held'):
        pass
        yield '\n\n## '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Not printed for players')))
        yield '\n'
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Marked in the data with an audience other than players: no card, sheet or rules summary prints these as a rule (simulator: only the balance lab reads it).')))
        yield '\n|! '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Kind')))
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Name')))
        yield ' | '
        yield str(environment.finalize(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Audience')))
        yield '\n'
        for (l_1_kind, l_1_name, l_1_audience) in environment.getattr((undefined(name='designer') if l_0_designer is missing else l_0_designer), 'held'):
            _loop_vars = {}
            pass
            yield '\n| '
            yield str(environment.finalize(l_1_kind))
            yield ' | '
            yield str(environment.finalize(l_1_name))
            yield ' | '
            yield str(environment.finalize(l_1_audience))
            yield '\n'
        l_1_kind = l_1_name = l_1_audience = missing
        yield '\n'
    yield '\n'
    for l_1_section in environment.getattr((undefined(name='designer') if l_0_designer is missing else l_0_designer), 'sections'):
        _loop_vars = {}
        pass
        yield '\n\n## '
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

blocks = {}
debug_info = '5=14&6=18&7=20&8=22&9=25&11=30&13=33&14=36&15=40&18=61&20=64&21=67&22=71&26=96&28=99&29=101&30=103&31=109&32=113&35=122&37=126&38=128&39=132'
