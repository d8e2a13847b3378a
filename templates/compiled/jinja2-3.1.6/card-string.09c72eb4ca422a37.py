from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = None

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_deck = resolve('deck')
    l_0_game = resolve('game')
    pass
    yield str((environment.getattr(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'back'), 'title') or environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'title')))

blocks = {}
debug_info = '1=13'
