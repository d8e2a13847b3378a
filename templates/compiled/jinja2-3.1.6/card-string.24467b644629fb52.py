from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = None

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_card = resolve('card')
    l_0_type = resolve('type')
    l_0_badges = resolve('badges')
    pass
    yield str(('cost' if ((environment.getattr((undefined(name='card') if l_0_card is missing else l_0_card), 'cost') or environment.getattr((undefined(name='type') if l_0_type is missing else l_0_type), 'cost')) and ('cost' not in environment.call(context, environment.getattr((undefined(name='badges') if l_0_badges is missing else l_0_badges), 'split')))) else ''))

blocks = {}
debug_info = '1=14'
