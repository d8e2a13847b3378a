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
    l_0__ = resolve('_')
    pass
    yield str((environment.call(context, environment.getattr((environment.getattr((undefined(name='card') if l_0_card is missing else l_0_card), 'cost') or environment.getattr((undefined(name='type') if l_0_type is missing else l_0_type), 'cost')), 'badge_in'), (undefined(name='_') if l_0__ is missing else l_0__)) if (environment.getattr((undefined(name='card') if l_0_card is missing else l_0_card), 'cost') or environment.getattr((undefined(name='type') if l_0_type is missing else l_0_type), 'cost')) else ''))

blocks = {}
debug_info = '1=14'
