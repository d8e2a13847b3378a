from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'designer-notes.md.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_designer = resolve('designer')
    l_0_whole = missing
    pass
    l_0_whole = environment.getattr((undefined(name='designer') if l_0_designer is missing else l_0_designer), 'game')
    context.vars['whole'] = l_0_whole
    context.exported_vars.add('whole')
    yield '\n# '
    yield str(environment.finalize(environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'title')))
    yield ": Designer's Notes\nNot for the table: the rules summary gives players every choice and erratum in plain words. These notes give, for the game's designer, each one's name in the game's data, the source's own words (l.N is a line of the source document) and why the kit settles it so; then what only the balance lab reads, and what it found.\n"
    if environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'source'):
        pass
        yield '\n**Source document:** '
        yield str(environment.finalize(environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'source')))
        yield '.\n'
    yield '\n'
    if environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'kit_choices'):
        pass
        yield '\n\n## Choices\n'
        l_1_loop = missing
        for l_1_choice, l_1_loop in LoopContext(environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'kit_choices'), undefined):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
            yield '. _'
            yield str(environment.finalize(environment.getattr(l_1_choice, 'id')))
            yield ':_ '
            if (environment.getattr(l_1_choice, 'audience') != 'players'):
                pass
                yield '(for the '
                yield str(environment.finalize(environment.getattr(l_1_choice, 'audience')))
                yield ' only: not in the rules summary) '
            yield str(environment.finalize(environment.getattr(l_1_choice, 'what')))
            yield ' **Why:** '
            yield str(environment.finalize(environment.getattr(l_1_choice, 'why')))
            yield '\n'
        l_1_loop = l_1_choice = missing
        yield '\n'
    yield '\n'
    if environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'errata'):
        pass
        yield '\n\n## Errata\n'
        l_1_loop = missing
        for l_1_erratum, l_1_loop in LoopContext(environment.getattr((undefined(name='whole') if l_0_whole is missing else l_0_whole), 'errata'), undefined):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
            yield '. _'
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'id')))
            yield ':_ **The source says:** '
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'seed')))
            yield ' **The kit:** '
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'kit')))
            yield ' **Why:** '
            yield str(environment.finalize(environment.getattr(l_1_erratum, 'why')))
            if environment.getattr(l_1_erratum, 'card_note'):
                pass
                yield ' **On its cards:** '
                yield str(environment.finalize(environment.getattr(l_1_erratum, 'card_note')))
            yield '\n\n'
        l_1_loop = l_1_erratum = missing
        yield '\n'
    yield '\n'
    if environment.getattr((undefined(name='designer') if l_0_designer is missing else l_0_designer), 'held'):
        pass
        yield '\n\n## Not printed for players\nMarked in the data with an audience other than players: no card, sheet or rules summary prints these as a rule (simulator: only the balance lab reads it).\n|! Kind | Name | Audience\n'
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
debug_info = '5=13&6=17&8=19&9=22&11=25&14=29&15=33&18=49&21=53&22=57&26=74&31=77&32=81&35=90&37=94&38=96&39=100'
